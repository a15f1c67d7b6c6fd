import type { PostalAddress } from "./letter-model.ts";

// Where a letter goes (issue 24, item 14; decision 1063): the tenant's postal address where one
// is kept (after a move-out the forwarding address asked for in the move-out dialog), else the
// flat itself. A tenant who has moved out and whose letter would still go to the flat is
// flagged: a letter there does not reach the tenant, and a statement that does not reach the
// tenant in time loses the back-payment (§ 556 (3) BGB).

export interface RecipientTenant {
  name: string;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  moveOutDate: string | null;
}

export interface RecipientProperty {
  street: string;
  postalCode: string;
  city: string;
}

export interface RecipientChoice {
  recipient: PostalAddress;
  /** tenant: the tenant's own (or forwarding) address; unit: the flat's address in the property. */
  source: "tenant" | "unit";
  /** Moved out on or before `today`, and the letter would go to the flat. */
  isOldFlat: boolean;
}

/** Street names compared without case, spaces, dots and hyphens, 'str.' as 'straße'. */
function normalizeStreet(street: string): string {
  return street
    .toLowerCase()
    .replace(/str\.(?=\s|\d|$)/g, "straße")
    .replace(/strasse/g, "straße")
    .replace(/[\s.\-,]+/g, "");
}

export function chooseRecipient(
  tenant: RecipientTenant,
  property: RecipientProperty,
  today: string,
): RecipientChoice {
  const hasOwn = Boolean(
    tenant.address?.trim() && tenant.postalCode?.trim() && tenant.city?.trim(),
  );
  const recipient: PostalAddress = hasOwn
    ? {
        name: tenant.name,
        street: tenant.address!.trim(),
        postalCode: tenant.postalCode!.trim(),
        city: tenant.city!.trim(),
      }
    : {
        name: tenant.name,
        street: property.street,
        postalCode: property.postalCode,
        city: property.city,
      };
  const isFlat =
    !hasOwn ||
    (recipient.postalCode === property.postalCode.trim() &&
      normalizeStreet(recipient.street) === normalizeStreet(property.street));
  const hasMovedOut = tenant.moveOutDate !== null && tenant.moveOutDate <= today;
  return { recipient, source: hasOwn ? "tenant" : "unit", isOldFlat: hasMovedOut && isFlat };
}
