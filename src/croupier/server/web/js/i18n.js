// The pages in their reader's language (docs/i18n.md). A message id is the English text,
// as in the terminal's catalogs (croupier.i18n); `/api/words` gives the translations of
// the pages' messages, in the language chosen with the header's switch (kept in this
// browser) or, none chosen, the one the browser prefers (Accept-Language); a page saved
// whole to be opened from disk has them written in it. The words are
// read before any module that imports this one runs, so `_()` may be called anywhere.
//
//   _("The bank: {amount}", { amount: 200 })         // "Банк: 200"
//   ngettext("{n} card left", "{n} cards left", 5)    // "осталось 5 карт"
//   pgettext("rule", "cut")                           // a rule's name, not a prompt's word
//   translate(document)                               // the markup marked data-i18n

const CHOSEN = "croupier.language";
export const LANGUAGES = { en: "English", ru: "Русский" };

async function fetchWords() {
  if (globalThis.croupierWords) return globalThis.croupierWords; // a page saved whole (js/standalone.js)
  let chosen = null;
  try {
    chosen = localStorage.getItem(CHOSEN);
  } catch {
    // storage refused: the browser's language
  }
  const query = chosen ? `?lang=${encodeURIComponent(chosen)}` : "";
  try {
    const response = await fetch(`/api/words${query}`, { credentials: "same-origin" });
    if (response.ok) return await response.json();
  } catch {
    // the server does not answer: English, and the page says what it can
  }
  return { language: "en", plural: ["one", "other"], messages: {} };
}

const words = await fetchWords();
const plurals = new Intl.PluralRules(words.language);
document.documentElement.lang = words.language;

// The language the page speaks: "en" or "ru".
export const language = words.language;

// The words the page speaks, as /api/words gave them (a page saved whole keeps them).
export const catalog = words;

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// `message` in the page's language, each {name} filled from `values`.
export function _(message, values = {}) {
  const found = words.messages[message];
  return fill(typeof found === "string" && found ? found : message, values);
}

// `message` in the page's language where `context` tells it apart from the same English
// said elsewhere (a rule's name, "cut", beside the word a prompt takes).
export function pgettext(context, message, values = {}) {
  const found = words.messages[`${context}\u0004${message}`];
  return fill(typeof found === "string" && found ? found : message, values);
}

// The form of `singular`/`plural` for a count of `n` ({n} is filled with it).
export function ngettext(singular, plural, n, values = {}) {
  const forms = words.messages[singular];
  let text = n === 1 ? singular : plural;
  if (Array.isArray(forms) && forms.length) {
    const at = words.plural.indexOf(plurals.select(n));
    text = forms[at >= 0 ? at : forms.length - 1];
  }
  return fill(text, { n, ...values });
}

// Translate the markup: an element marked `data-i18n` has its text (it holds no other
// element) translated, and each attribute `data-i18n-attrs` names ("aria-label title").
export function translate(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = _(element.textContent.replace(/\s+/g, " ").trim());
  }
  for (const element of root.querySelectorAll("[data-i18n-attrs]")) {
    for (const name of element.dataset.i18nAttrs.split(/\s+/)) {
      const value = element.getAttribute(name);
      if (value) element.setAttribute(name, _(value));
    }
  }
}

// The header's switch: the languages, the page's chosen; choosing one keeps it in this
// browser and loads the page again in it.
export function languageSwitch() {
  const select = document.createElement("select");
  select.className = "language";
  select.setAttribute("aria-label", _("language"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code, false, code === language);
    option.lang = code;
    select.append(option);
  }
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(CHOSEN, select.value);
    } catch {
      return; // storage refused: the browser's language stays
    }
    location.reload();
  });
  return select;
}
