// The check page as one file, to be opened from disk (file://), where a browser loads no
// module a page names: the page, its style and each module it imports, written in it, each
// module in a function of its own whose exports become an object the modules importing it
// take their names from; and the words of the page's language. Its modules are written for
// it: each import on one line, `import { a, b } from "./x.js";`, and each export a
// declaration, `export function a` or `export const b`.

const IMPORT = /^import \{([^}]*)\} from "\.\/([\w-]+\.js)";$/gm;
const EXPORT = /^export (async function|function|class|const|let) (\w+)/gm;

// Each module `name` imports, then `name`, in the order they must run.
async function modules(name, found = new Map()) {
  if (found.has(name)) return found;
  found.set(name, null);
  const text = await (await fetch(`js/${name}`)).text();
  for (const [, , imported] of text.matchAll(IMPORT)) await modules(imported, found);
  found.delete(name);
  found.set(name, text);
  return found;
}

function wrapped(name, text) {
  const names = [];
  const body = text
    .replace(IMPORT, (_whole, list, imported) => `const {${list.replace(/ as /g, ": ")}} = modules["${imported}"];`)
    .replace(EXPORT, (_whole, kind, exported) => {
      names.push(exported);
      return `${kind} ${exported}`;
    });
  return `modules["${name}"] = await (async () => {\n${body}\nreturn { ${names.join(", ")} };\n})();`;
}

// The check page, whole, speaking `words` (i18n.js's `catalog`).
export async function standalone(words) {
  const found = await modules("verify.js");
  const code = [...found].map(([name, text]) => wrapped(name, text)).join("\n").replace(/<\/script/gi, "<\\/script");
  const style = await (await fetch("css/croupier.css")).text();
  const page = await (await fetch("verify.html")).text();
  const script = `<script>globalThis.croupierWords = ${JSON.stringify(words).replace(/</g, "\\u003c")};</script>\n<script type="module">\nconst modules = {};\n${code}\n</script>`;
  return page
    .replace(/<link rel="stylesheet"[^>]*>/, () => `<style>\n${style}</style>`)
    .replace(/<script type="module" src="js\/verify.js"><\/script>/, () => script);
}
