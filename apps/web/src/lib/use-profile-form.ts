import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { completeProfileBodySchema, type CompleteProfileBody, type MeResponse } from "@nk/contract";
import type { z } from "zod";

// The profile form of the settings tab and of the completion page after registration: one
// schema, the same starting values, the same body.

export type ProfileFormValues = z.output<typeof completeProfileBodySchema>;

/** The form prefilled from the profile, falling back to the names given at registration. */
export function useProfileForm(me: MeResponse) {
  return useForm<CompleteProfileBody, unknown, ProfileFormValues>({
    resolver: zodResolver(completeProfileBodySchema),
    defaultValues: {
      firstName: me.profile.firstName ?? me.user.firstName ?? "",
      lastName: me.profile.lastName ?? me.user.lastName ?? "",
      company: me.profile.company ?? "",
      phone: me.profile.phone ?? "",
    },
  });
}

/** The request body: empty optional fields are stored as null. */
export function toProfileBody(values: ProfileFormValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    company: values.company || null,
    phone: values.phone || null,
  };
}
