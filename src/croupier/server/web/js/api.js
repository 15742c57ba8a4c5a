// The JSON API (docs/protocol.md): every call answers its JSON, or throws an ApiError
// whose message is the server's `error` in words.

import { _, language } from "./i18n.js";

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

// A POST always sends a JSON body (`{}` when it has nothing to say): the server refuses any
// other, so that no page of another site can make a browser ask it to change anything.
export async function call(method, path, body) {
  const init = { method, headers: { "accept-language": language }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, _("the server does not answer: is it running?"));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const reason = data && typeof data.error === "string" ? data.error : response.statusText;
    throw new ApiError(response.status, reason || _("the server answered {status}", { status: response.status }));
  }
  return data;
}

export const get = (path) => call("GET", path);
export const post = (path, body = {}) => call("POST", path, body);

// The person logged in, or null.
export async function me() {
  try {
    return await get("/api/me");
  } catch (error) {
    if (error.status === 401) return null;
    throw error;
  }
}
