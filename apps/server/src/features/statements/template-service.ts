import {
  buildFeatureFlags,
  getRecommendedTemplateId,
  QUICK_SETUP_FEATURE_LABEL,
  QUICK_SETUP_TEMPLATES,
  STATEMENT_MESSAGES,
  type QuickSetupTemplatesResponse,
} from "@nk/contract";
import type { Db } from "../../db/database.ts";
import { FeatureNotInPlan } from "../../domain/domain-errors.ts";
import { describeSubscription, ensureSubscription } from "../account/subscription-service.ts";
import { findOwnedProperty } from "../metering/ownership-service.ts";
import { findPropertyType } from "./costs-queries.ts";

/** Quick-Setup templates (docs/rules/statements.md#statement-permissions, docs/rules/statements.md#statement-constants): only with the plan feature quickSetupTemplates. */
export async function listQuickSetupTemplates(
  db: Db,
  userId: string,
  propertyId: string | undefined,
): Promise<QuickSetupTemplatesResponse> {
  const subscription = describeSubscription(await ensureSubscription(db, userId));
  if (!buildFeatureFlags(subscription.plan).quickSetupTemplates)
    throw new FeatureNotInPlan(QUICK_SETUP_FEATURE_LABEL);
  let recommendedId: QuickSetupTemplatesResponse["recommendedId"] = null;
  if (propertyId) {
    const property = await findOwnedProperty(
      db,
      userId,
      propertyId,
      STATEMENT_MESSAGES.propertyNotFound,
    );
    recommendedId = getRecommendedTemplateId(await findPropertyType(db, userId, property.id));
  }
  return { templates: Object.values(QUICK_SETUP_TEMPLATES), recommendedId };
}
