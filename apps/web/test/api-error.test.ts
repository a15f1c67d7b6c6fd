import { describe, expect, it } from "vitest";
import { ApiError, createApiError, getErrorMessage } from "../src/lib/api-error";
import { describeAuthError } from "../src/features/auth/auth-error-text";

describe("createApiError", () => {
  it("parses the API's error shape", () => {
    const error = createApiError(403, {
      error: {
        code: "LIMIT_REACHED",
        message: "Sie haben das Limit von 1 Immobilien erreicht.",
        title: "Limit erreicht",
        limit: 1,
      },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 403,
      code: "LIMIT_REACHED",
      title: "Limit erreicht",
      limit: 1,
    });
    expect(error.isLimitReached).toBe(true);
    expect(error.message).toBe("Sie haben das Limit von 1 Immobilien erreicht.");
  });

  it("keeps field errors and the server's error id", () => {
    const validation = createApiError(400, {
      error: {
        code: "VALIDATION",
        message: "Bitte korrigieren Sie die Eingabefehler.",
        fields: { email: "E-Mail ist erforderlich" },
      },
    });
    expect(validation.fields).toEqual({ email: "E-Mail ist erforderlich" });
    expect(validation.hasFieldErrors).toBe(true);
    expect(
      createApiError(500, { error: { code: "INTERNAL", message: "Fehler", errorId: "ERR-1" } })
        .errorId,
    ).toBe("ERR-1");
  });

  it("tolerates a flat shape and empty bodies", () => {
    expect(
      createApiError(401, { code: "INVALID_EMAIL_OR_PASSWORD", message: "Falsch" }),
    ).toMatchObject({
      code: "INVALID_EMAIL_OR_PASSWORD",
      message: "Falsch",
    });
    const empty = createApiError(429, undefined);
    expect(empty.code).toBe("RATE_LIMITED");
    expect(empty.message).toBe("Ein unerwarteter Fehler ist aufgetreten.");
    expect(createApiError(401, "text").isUnauthorized).toBe(true);
  });
});

describe("getErrorMessage", () => {
  it("uses the error's message or the fallback", () => {
    expect(getErrorMessage(new Error("kaputt"))).toBe("kaputt");
    expect(getErrorMessage("x", "Ein Fehler ist aufgetreten")).toBe("Ein Fehler ist aufgetreten");
  });
});

describe("describeAuthError", () => {
  it("translates codes and keeps messages", () => {
    expect(describeAuthError("INVALID_TOKEN")).toMatch(/ungültig oder abgelaufen/);
    expect(describeAuthError("access_denied")).toBe("Die Anmeldung wurde abgebrochen.");
    expect(describeAuthError("Authentication failed")).toBe(
      "Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
    );
    expect(describeAuthError("state_mismatch")).toBe(
      "Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.",
    );
    expect(describeAuthError("E-Mail-Adresse oder Passwort ist falsch.")).toBe(
      "E-Mail-Adresse oder Passwort ist falsch.",
    );
  });
});
