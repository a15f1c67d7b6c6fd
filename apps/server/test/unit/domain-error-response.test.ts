import { describe, expect, it } from "vitest";
import {
  Conflict,
  FeatureNotInPlan,
  Forbidden,
  LimitReached,
  NotFound,
  RateLimited,
  ValidationFailed,
} from "../../src/domain/domain-errors.ts";
import { toErrorAnswer } from "../../src/http/domain-error-response.ts";

describe("domain errors at the HTTP edge", () => {
  it("validation: 400 with the fields; one field lends its message", () => {
    const answer = toErrorAnswer(new ValidationFailed({ name: "Name ist erforderlich" }));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      error: {
        code: "VALIDATION",
        message: "Name ist erforderlich",
        fields: { name: "Name ist erforderlich" },
      },
    });
  });

  it("validation with several fields says to correct the input", () => {
    const answer = toErrorAnswer(new ValidationFailed({ a: "A fehlt", b: "B fehlt" }));
    expect(answer.body.error.message).toBe("Bitte korrigieren Sie die Eingabefehler.");
  });

  it("not found: 404; conflict: 409 with confirmation flag and code", () => {
    expect(toErrorAnswer(new NotFound("Immobilie nicht gefunden")).status).toBe(404);
    const conflict = toErrorAnswer(
      new Conflict("Zählerstand niedriger", {
        code: "READING_DECREASE",
        requiresConfirmation: true,
      }),
    );
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toEqual({
      code: "READING_DECREASE",
      message: "Zählerstand niedriger",
      requiresConfirmation: true,
    });
  });

  it("limits and features: 403 with the title the UI shows", () => {
    const limit = toErrorAnswer(LimitReached.forResource("units", 3));
    expect(limit.status).toBe(403);
    expect(limit.body.error).toMatchObject({
      code: "LIMIT_REACHED",
      title: "Limit erreicht",
      limit: 3,
    });
    const feature = toErrorAnswer(new FeatureNotInPlan("Quick-Setup"));
    expect(feature.body.error).toEqual({
      code: "FEATURE_NOT_IN_PLAN",
      title: "Upgrade erforderlich",
      message: "Quick-Setup ist in Ihrem aktuellen Plan nicht verfügbar.",
    });
    expect(toErrorAnswer(new Forbidden("Keine Berechtigung")).status).toBe(403);
  });

  it("rate limited: 429 with Retry-After in whole seconds", () => {
    const answer = toErrorAnswer(new RateLimited("Zu viele Versuche", 59.2));
    expect(answer.status).toBe(429);
    expect(answer.headers["Retry-After"]).toBe("60");
  });
});
