// The stand-in's decryption against RFC 8291's own example (Appendix A), so the push test's check
// stands on the RFC rather than on the library that encrypts.
import { createECDH } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptRecord } from "./fake-push-service.ts";

const b64 = (s: string) => Buffer.from(s, "base64url");
const UA_PRIVATE = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94";
const UA_PUBLIC = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4";
const AUTH = "BTBZMqHH6r4Tts7J_aSIgg";
const BODY =
  "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN";

function receiver() {
  const ecdh = createECDH("prime256v1");
  ecdh.setPrivateKey(b64(UA_PRIVATE));
  expect(ecdh.getPublicKey().toString("base64url")).toBe(UA_PUBLIC);
  return { ecdh, auth: b64(AUTH) };
}

describe("the push-service stand-in decrypts per RFC 8291", () => {
  it("opens the RFC's example message", () => {
    expect(decryptRecord(b64(BODY), receiver()).toString()).toBe("When I grow up, I want to be a watermelon");
  });

  it("refuses a message changed in one byte, or opened with another auth secret", () => {
    const body = b64(BODY);
    body[body.length - 20]! ^= 1;
    expect(() => decryptRecord(body, receiver())).toThrow();
    expect(() => decryptRecord(b64(BODY), { ...receiver(), auth: Buffer.alloc(16) })).toThrow();
  });
});
