import {
  deletedResponse,
  errorResponse,
  idParams,
  invalidResponse,
  jsonBody,
  jsonResponse,
  limitReachedResponse,
  unauthorizedResponse,
} from "../../http/openapi-builders.ts";
import { createRoute, z } from "@hono/zod-openapi";
import {
  onboardingBodySchema,
  propertyCreateBodySchema,
  propertyUpdateBodySchema,
  propertyWithUnitsSchema,
  unitBodySchema,
  unitSchema,
  unitUpdateBodySchema,
} from "@nk/contract";
import type { Context } from "hono";
import type { Db } from "../../db/database.ts";
import type { AppEnv } from "../../http/app-env.ts";
import { createRouter } from "../../http/create-router.ts";
import {
  createProperty,
  createPropertyWithUnits,
  deleteProperty,
  getProperty,
  listProperties,
  updateProperty,
  type Actor,
} from "./property-service.ts";
import { createUnit, deleteUnit, listUnits, updateUnit } from "./unit-service.ts";

const propertyNotFound = errorResponse(
  "Immobilie nicht gefunden (auch für Immobilien anderer Konten)",
);
const unitNotFound = errorResponse(
  "Wohneinheit nicht gefunden (auch für Wohneinheiten anderer Konten)",
);

const TAG = ["Immobilien"];

const listPropertiesRoute = createRoute({
  method: "get",
  path: "/properties",
  tags: TAG,
  summary: "Alle Immobilien mit Wohneinheiten, Anzahl und Gesamtfläche, neueste zuerst",
  responses: {
    200: jsonResponse(z.array(propertyWithUnitsSchema), "Immobilien"),
    401: unauthorizedResponse,
  },
});

const createPropertyRoute = createRoute({
  method: "post",
  path: "/properties",
  tags: TAG,
  summary: "Immobilie anlegen",
  request: jsonBody(propertyCreateBodySchema),
  responses: {
    201: jsonResponse(propertyWithUnitsSchema, "Angelegt"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: limitReachedResponse,
  },
});

const getPropertyRoute = createRoute({
  method: "get",
  path: "/properties/{id}",
  tags: TAG,
  summary: "Eine Immobilie mit Wohneinheiten",
  request: { params: idParams },
  responses: {
    200: jsonResponse(propertyWithUnitsSchema, "Immobilie"),
    401: unauthorizedResponse,
    404: propertyNotFound,
  },
});

const updatePropertyRoute = createRoute({
  method: "patch",
  path: "/properties/{id}",
  tags: TAG,
  summary: "Name, Adresse und Effizienzklasse (mit Ermittlungsdatum und -methode) ändern",
  request: { params: idParams, ...jsonBody(propertyUpdateBodySchema) },
  responses: {
    200: jsonResponse(propertyWithUnitsSchema, "Geändert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: propertyNotFound,
  },
});

const deletePropertyRoute = createRoute({
  method: "delete",
  path: "/properties/{id}",
  tags: TAG,
  summary: "Immobilie mit ihren Wohneinheiten löschen (nicht, solange Abrechnungen existieren)",
  request: { params: idParams },
  responses: {
    204: deletedResponse,
    401: unauthorizedResponse,
    404: propertyNotFound,
    409: errorResponse("Immobilie kann nicht gelöscht werden: Es existieren bereits Abrechnungen"),
  },
});

const listUnitsRoute = createRoute({
  method: "get",
  path: "/properties/{id}/units",
  tags: TAG,
  summary: "Die Wohneinheiten einer Immobilie, nach Name",
  request: { params: idParams },
  responses: {
    200: jsonResponse(z.array(unitSchema), "Wohneinheiten"),
    401: unauthorizedResponse,
    404: propertyNotFound,
  },
});

const createUnitRoute = createRoute({
  method: "post",
  path: "/properties/{id}/units",
  tags: TAG,
  summary: "Wohneinheit anlegen",
  request: { params: idParams, ...jsonBody(unitBodySchema) },
  responses: {
    201: jsonResponse(unitSchema, "Angelegt"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: limitReachedResponse,
    404: propertyNotFound,
  },
});

const updateUnitRoute = createRoute({
  method: "patch",
  path: "/units/{id}",
  tags: TAG,
  summary: "Wohneinheit ändern (Name, Fläche, Personen, dezentrales Warmwasser)",
  request: { params: idParams, ...jsonBody(unitUpdateBodySchema) },
  responses: {
    200: jsonResponse(unitSchema, "Geändert"),
    400: invalidResponse,
    401: unauthorizedResponse,
    404: unitNotFound,
  },
});

const deleteUnitRoute = createRoute({
  method: "delete",
  path: "/units/{id}",
  tags: TAG,
  summary: "Wohneinheit löschen (nicht, solange aktive Mieter darin wohnen)",
  request: { params: idParams },
  responses: {
    204: deletedResponse,
    401: unauthorizedResponse,
    404: unitNotFound,
    409: errorResponse("Wohneinheit kann nicht gelöscht werden: Es gibt noch aktive Mieter"),
  },
});

const onboardingRoute = createRoute({
  method: "post",
  path: "/onboarding",
  tags: ["Einrichtungsassistent"],
  summary: "Immobilie mit allen Wohneinheiten in einem Schritt anlegen (alles oder nichts)",
  request: jsonBody(onboardingBodySchema),
  responses: {
    201: jsonResponse(propertyWithUnitsSchema, "Angelegt"),
    400: invalidResponse,
    401: unauthorizedResponse,
    403: limitReachedResponse,
  },
});

function getActor(c: Context<AppEnv>): Actor {
  return { userId: c.var.accountId, userAgent: c.req.header("user-agent") ?? null };
}

export function createPropertyRoutes(db: Db) {
  return createRouter()
    .openapi(listPropertiesRoute, async (c) =>
      c.json(await listProperties(db, c.var.accountId), 200),
    )
    .openapi(createPropertyRoute, async (c) =>
      c.json(await createProperty(db, getActor(c), c.req.valid("json")), 201),
    )
    .openapi(getPropertyRoute, async (c) =>
      c.json(await getProperty(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(updatePropertyRoute, async (c) =>
      c.json(
        await updateProperty(db, getActor(c), c.req.valid("param").id, c.req.valid("json")),
        200,
      ),
    )
    .openapi(deletePropertyRoute, async (c) => {
      await deleteProperty(db, getActor(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(listUnitsRoute, async (c) =>
      c.json(await listUnits(db, c.var.accountId, c.req.valid("param").id), 200),
    )
    .openapi(createUnitRoute, async (c) =>
      c.json(await createUnit(db, getActor(c), c.req.valid("param").id, c.req.valid("json")), 201),
    )
    .openapi(updateUnitRoute, async (c) =>
      c.json(await updateUnit(db, getActor(c), c.req.valid("param").id, c.req.valid("json")), 200),
    )
    .openapi(deleteUnitRoute, async (c) => {
      await deleteUnit(db, getActor(c), c.req.valid("param").id);
      return c.body(null, 204);
    })
    .openapi(onboardingRoute, async (c) =>
      c.json(await createPropertyWithUnits(db, getActor(c), c.req.valid("json")), 201),
    );
}
