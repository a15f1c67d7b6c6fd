import { describe, expect, it } from "vitest";
import { classifyServerFailure } from "../../src/http/server-failure.ts";

// Issue 23, item 8: database and PDF failures answer their own codes, so the error screen shows
// the database and PDF help instead of 'Unerwarteter Fehler'.

function sqlError(code: string, message = "fehlgeschlagen"): Error {
  return Object.assign(new Error(message), { code, severity: "ERROR" });
}

describe("server failures the error screen can classify", () => {
  it("a database that cannot be reached is 503 DATABASE_ERROR", () => {
    for (const error of [
      sqlError("08006"),
      sqlError("57P01"),
      sqlError("53300"),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      new Error("Connection terminated unexpectedly"),
    ]) {
      expect(classifyServerFailure(error, "/api/properties"), error.message).toEqual({
        code: "DATABASE_ERROR",
        message:
          "Beim Zugriff auf die Datenbank ist ein Fehler aufgetreten. Bitte versuchen Sie es in einigen Minuten erneut.",
        status: 503,
      });
    }
  });

  it("any other refusal of the database is 500 DATABASE_ERROR", () => {
    expect(classifyServerFailure(sqlError("40001"), "/api/readings/bulk")).toMatchObject({
      code: "DATABASE_ERROR",
      status: 500,
    });
    expect(classifyServerFailure(sqlError("42P01"), "/api/tenants")).toMatchObject({
      code: "DATABASE_ERROR",
      status: 500,
    });
  });

  it("a failure on a PDF route is 500 PDF_FAILED", () => {
    for (const path of [
      "/api/statements/1/pdf",
      "/api/tenant-statements/1/pdf",
      "/api/statements/1/overview-pdf",
      "/api/statements/preview/pdf",
    ]) {
      expect(classifyServerFailure(new TypeError("x is undefined"), path)).toEqual({
        code: "PDF_FAILED",
        message: "Das PDF-Dokument konnte nicht erstellt werden.",
        status: 500,
      });
    }
  });

  it("anything else stays a bug (INTERNAL, decided by the error handler)", () => {
    expect(classifyServerFailure(new TypeError("x is undefined"), "/api/properties")).toBeNull();
    // A code that is no SQLSTATE of a database error.
    expect(
      classifyServerFailure(
        Object.assign(new Error("nope"), { code: "ERR_INVALID_ARG_TYPE" }),
        "/api/me",
      ),
    ).toBeNull();
  });
});
