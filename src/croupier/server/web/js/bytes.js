// Bytes for the check of a history (js/proved.js): hex and UTF-8 in and out, joined, and
// SHA-256, all by the browser's own (TextEncoder, crypto.subtle).

const utf8Encoder = new TextEncoder();

// The UTF-8 bytes of `text`.
export function utf8(text) {
  return utf8Encoder.encode(text);
}

// The bytes `hex` writes; an Error if it is not hexadecimal.
export function fromHex(hex) {
  if (typeof hex !== "string" || !/^(?:[0-9a-f]{2})*$/.test(hex)) throw new Error(`not hexadecimal: ${String(hex).slice(0, 20)}`);
  return new Uint8Array(hex.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
}

export function toHex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// The byte arrays one after the other.
export function joined(...parts) {
  const all = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

// `value` as `size` bytes, big-endian.
export function bigEndian(value, size) {
  const out = new Uint8Array(size);
  let rest = BigInt(value);
  for (let at = size - 1; at >= 0; at--) {
    out[at] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

export async function sha256(bytes) {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
}
