// The server's signing key on the check page (verify.html): its id and fingerprint, as
// GET /api/key gives them, for a person to compare with the fingerprint the operator
// publishes elsewhere (docs/fairness.md, "The key").

import { get } from "./api.js";
import { _ } from "./i18n.js";

const shown = document.getElementById("fingerprint");
try {
  const key = await get("/api/key");
  let words = _("The server signs with key {id}, fingerprint SHA-256 {fingerprint}: compare it with the one its operator publishes.", { id: key.key_id, fingerprint: key.fingerprint });
  if (key.history.length > 1) {
    words += " " + _("It succeeds the server's first key, fingerprint {first}, by signed rotations.", { first: key.history[0].fingerprint });
  }
  shown.textContent = words;
} catch {
  shown.textContent = "";
}
