// Canonical JSON, byte for byte as croupier.engine.record.canonical writes it (Python's
// json.dumps with sort_keys, separators "," and ":", ensure_ascii, then a newline): keys
// sorted by code point; no spaces; `"` and `\` escaped, \b \f \n \r \t as such, every
// other character outside space to "~" as \uXXXX (lowercase hex, UTF-16 units, so a
// character beyond U+FFFF is its surrogate pair); whole numbers as digits. A history holds
// no fractional numbers (fractions are text, "1/20"): a number that is not a whole one the
// page reads exactly (to 2^53) is refused rather than written otherwise than Python would.

const SHORT = { 0x22: '\\"', 0x5c: "\\\\", 0x08: "\\b", 0x0c: "\\f", 0x0a: "\\n", 0x0d: "\\r", 0x09: "\\t" };

function quoted(text) {
  let out = '"';
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    if (unit in SHORT) out += SHORT[unit];
    else if (unit >= 0x20 && unit <= 0x7e) out += text[at];
    else out += `\\u${unit.toString(16).padStart(4, "0")}`;
  }
  return `${out}"`;
}

// Python's order of text: by code point (JavaScript's own compares UTF-16 units).
function byCodePoint(a, b) {
  const x = a[Symbol.iterator]();
  const y = b[Symbol.iterator]();
  for (;;) {
    const p = x.next();
    const q = y.next();
    if (p.done || q.done) return p.done === q.done ? 0 : p.done ? -1 : 1;
    const difference = p.value.codePointAt(0) - q.value.codePointAt(0);
    if (difference) return difference;
  }
}

// One line of canonical JSON for `value`, without its newline.
export function canonicalText(value) {
  if (value === null) return "null";
  if (value === true || value === false) return String(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new Error(`the number ${value} is not a whole number this page writes exactly`);
    return String(value);
  }
  if (typeof value === "string") return quoted(value);
  if (Array.isArray(value)) return `[${value.map(canonicalText).join(",")}]`;
  if (typeof value === "object") {
    const keys = Object.keys(value).sort(byCodePoint);
    return `{${keys.map((key) => `${quoted(key)}:${canonicalText(value[key])}`).join(",")}}`;
  }
  throw new Error(`cannot write ${typeof value} as JSON`);
}

// The bytes canonical(value) gives: its line, in ASCII, and a newline.
export function canonical(value) {
  const text = `${canonicalText(value)}\n`;
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}
