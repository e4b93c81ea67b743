// The two passkey ceremonies of /keep/ (docs/passkeys.md), loaded on that page only.
//
// Each ceremony form stays hidden until this script knows the browser can run it. On
// submit: fetch the WebAuthn options (the server keeps the challenge in a cookie of this
// browser's), run the browser's own dialog, put its answer in the form's `credential`
// field and submit the form as an ordinary POST, whose answer is a page like any other.
// The words it shows come from the form's data-* attributes (translated by the server).
(() => {
  "use strict";
  const forms = document.querySelectorAll("form[data-passkey-ceremony]");
  if (!forms.length) return;
  const status = document.querySelector("[data-passkey-status]");
  const say = (text) => { if (status) status.textContent = text || ""; };
  const supported = window.isSecureContext && window.PublicKeyCredential && navigator.credentials;
  if (!supported) {
    document.querySelectorAll("[data-passkeys-unsupported]").forEach((el) => { el.hidden = false; });
    return;
  }
  forms.forEach((form) => { form.hidden = false; });

  const decode = (text) => {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)).buffer;
  };
  const encode = (buffer) => {
    let text = "";
    new Uint8Array(buffer).forEach((byte) => { text += String.fromCharCode(byte); });
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  const withIds = (list) => (list || []).map((item) => ({ ...item, id: decode(item.id) }));

  const creationOptions = (json) => ({
    ...json,
    challenge: decode(json.challenge),
    user: { ...json.user, id: decode(json.user.id) },
    excludeCredentials: withIds(json.excludeCredentials),
  });
  const requestOptions = (json) => ({
    ...json,
    challenge: decode(json.challenge),
    allowCredentials: withIds(json.allowCredentials),
  });

  const serialise = (credential) => {
    const answer = credential.response;
    const response = { clientDataJSON: encode(answer.clientDataJSON) };
    if (answer.attestationObject) {
      response.attestationObject = encode(answer.attestationObject);
      response.transports = answer.getTransports ? answer.getTransports() : [];
    } else {
      response.authenticatorData = encode(answer.authenticatorData);
      response.signature = encode(answer.signature);
      if (answer.userHandle) response.userHandle = encode(answer.userHandle);
    }
    return {
      id: credential.id,
      rawId: encode(credential.rawId),
      type: credential.type,
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
      response,
    };
  };

  forms.forEach((form) => {
    let busy = false;
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (busy) return;
      busy = true;
      const creating = form.dataset.passkeyCeremony === "create";
      say(form.dataset.working);
      try {
        const body = new URLSearchParams(new FormData(form));
        body.delete("credential");
        const answer = await fetch(form.dataset.optionsUrl, {
          method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" },
        });
        if (!answer.ok) {
          const problem = await answer.json().catch(() => ({}));
          say(problem.message || form.dataset.failed);
          return;
        }
        const options = await answer.json();
        let credential;
        try {
          credential = creating
            ? await navigator.credentials.create({ publicKey: creationOptions(options) })
            : await navigator.credentials.get({ publicKey: requestOptions(options) });
        } catch (error) {
          say(error && error.name === "InvalidStateError" ? form.dataset.already : form.dataset.cancelled);
          return;
        }
        if (!credential) { say(form.dataset.cancelled); return; }
        form.querySelector("input[name='credential']").value = JSON.stringify(serialise(credential));
        form.submit();
      } catch (error) {
        say(form.dataset.failed);
      } finally {
        busy = false;
      }
    });
  });
})();
