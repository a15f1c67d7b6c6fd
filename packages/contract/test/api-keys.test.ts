import { describe, expect, it } from "vitest";
import { API_KEY_PATTERN, createApiKeyBodySchema } from "../src/team/api-keys.ts";
import { weakerRole } from "../src/team/roles.ts";

describe("API key body (decision 1171)", () => {
  it("takes an empty or missing last day as no expiry and keeps a calendar date", () => {
    expect(
      createApiKeyBodySchema.parse({ name: " Buchhaltung ", role: "viewer", expiresOn: "" }),
    ).toEqual({ name: "Buchhaltung", role: "viewer", expiresOn: null });
    expect(createApiKeyBodySchema.parse({ name: "ERP", role: "editor" })).toEqual({
      name: "ERP",
      role: "editor",
      expiresOn: null,
    });
    expect(
      createApiKeyBodySchema.parse({ name: "ERP", role: "admin", expiresOn: "2027-02-28" })
        .expiresOn,
    ).toBe("2027-02-28");
  });

  it("refuses a day that does not exist, an empty name and the owner's role, in German", () => {
    const result = createApiKeyBodySchema.safeParse({
      name: "",
      role: "owner",
      expiresOn: "2027-02-30",
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    expect(messages).toContain("name: Bitte geben Sie einen Namen ein.");
    expect(messages).toContain("role: Bitte wählen Sie eine Rolle.");
    expect(messages.some((m) => m.startsWith("expiresOn:"))).toBe(true);
  });

  it("recognises the key format", () => {
    expect(API_KEY_PATTERN.test(`nk_${"a".repeat(43)}`)).toBe(true);
    expect(API_KEY_PATTERN.test(`nk_${"a".repeat(42)}`)).toBe(false);
    expect(API_KEY_PATTERN.test(`xx_${"a".repeat(43)}`)).toBe(false);
  });
});

describe("weakerRole (a key carries its member's role or less)", () => {
  it("keeps the lower of two ordered roles", () => {
    expect(weakerRole("admin", "owner")).toBe("admin");
    expect(weakerRole("owner", "viewer")).toBe("viewer");
    expect(weakerRole("editor", "admin")).toBe("editor");
    expect(weakerRole("billing_manager", "admin")).toBe("billing_manager");
  });

  it("meets billing manager and editor, which allow different things, as viewer", () => {
    expect(weakerRole("billing_manager", "editor")).toBe("viewer");
    expect(weakerRole("editor", "billing_manager")).toBe("viewer");
  });
});
