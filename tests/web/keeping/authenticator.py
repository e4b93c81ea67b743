"""A software authenticator for the web tests: what a browser and a passkey send.

Only for tests (the site verifies with py_webauthn, never with this): an ES256 key pair,
a ``none`` attestation for registration and signed assertions for sign-in, written from
the WebAuthn spec's byte layouts. The browser tests use Chromium's own virtual
authenticator instead.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import struct
from base64 import urlsafe_b64decode, urlsafe_b64encode
from dataclasses import dataclass, field

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

UP, UV, AT, BE, BS = 0x01, 0x04, 0x40, 0x08, 0x10
ORIGIN = "http://testserver"
RP_ID = "testserver"


def b64(data: bytes) -> str:
    return urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class SoftAuthenticator:
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    credential_id: bytes = field(default_factory=lambda: secrets.token_bytes(16))
    counter: int = 0
    user_handle: bytes = b""

    def _cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"),
                            -3: numbers.y.to_bytes(32, "big")})

    def _client_data(self, kind: str, challenge: str, origin: str) -> bytes:
        return json.dumps({"type": kind, "challenge": challenge, "origin": origin,
                           "crossOrigin": False}).encode()

    def create(self, options: dict, *, origin: str = ORIGIN, rp_id: str = RP_ID) -> str:
        """The browser's answer to ``navigator.credentials.create`` with ``options``."""
        self.user_handle = unb64(options["user"]["id"])
        attested = (b"\0" * 16 + struct.pack(">H", len(self.credential_id)) + self.credential_id
                    + self._cose_key())
        auth_data = (hashlib.sha256(rp_id.encode()).digest() + bytes([UP | UV | AT | BE | BS])
                     + struct.pack(">I", self.counter) + attested)
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        client_data = self._client_data("webauthn.create", options["challenge"], origin)
        return json.dumps({
            "id": b64(self.credential_id), "rawId": b64(self.credential_id), "type": "public-key",
            "response": {"clientDataJSON": b64(client_data), "attestationObject": b64(attestation),
                         "transports": ["internal", "hybrid"]},
            "clientExtensionResults": {},
        })

    def get(self, options: dict, *, origin: str = ORIGIN, rp_id: str = RP_ID,
            count: bool = True) -> str:
        """The browser's answer to ``navigator.credentials.get`` with ``options``."""
        if count:
            self.counter += 1
        auth_data = (hashlib.sha256(rp_id.encode()).digest() + bytes([UP | UV | BE | BS])
                     + struct.pack(">I", self.counter))
        client_data = self._client_data("webauthn.get", options["challenge"], origin)
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(),
                                  ec.ECDSA(hashes.SHA256()))
        return json.dumps({
            "id": b64(self.credential_id), "rawId": b64(self.credential_id), "type": "public-key",
            "response": {"clientDataJSON": b64(client_data), "authenticatorData": b64(auth_data),
                         "signature": b64(signature), "userHandle": b64(self.user_handle)},
            "clientExtensionResults": {},
        })


def create_passkey(client, authenticator: SoftAuthenticator, label: str = "Laptop"):
    """Create a passkey through the site, as passkeys.js does: options, then the form."""
    options = client.post("/keep/passkeys/options/", {"label": label}).json()
    return client.post("/keep/passkeys/", {"label": label,
                                           "credential": authenticator.create(options)})


def sign_in(client, authenticator: SoftAuthenticator, **kwargs):
    options = client.post("/keep/sign-in/options/").json()
    return client.post("/keep/sign-in/", {"credential": authenticator.get(options, **kwargs)})
