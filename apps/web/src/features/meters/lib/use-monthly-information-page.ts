import { useState } from "react";
import { useSearchParams } from "react-router";
import type { MonthlyInformationSendResult } from "@nk/contract";
import { getErrorMessage } from "../../../lib/api-error";
import { useMe } from "../../../lib/use-me";
import { useProperties } from "../../../lib/use-properties";
import {
  useMonthlyInformation,
  useMonthlyInformationLetters,
  useSendMonthlyInformation,
} from "../api";
import { getLastMonth } from "./monthly-information";

// The state of the monthly consumption information page (monthly-information-page.tsx): the
// property (?property=, else the first one), the month, the figures, the letters sent and the
// outcome of sending by e-mail.

export function useMonthlyInformationPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const properties = useProperties();
  const propertyList = properties.data ?? [];
  const propertyId = searchParams.get("property") ?? propertyList[0]?.id;
  const [month, setMonth] = useState(getLastMonth());
  const information = useMonthlyInformation(propertyId, month);
  const letters = useMonthlyInformationLetters(propertyId);
  const send = useSendMonthlyInformation(propertyId ?? "");
  const canSend = useMe().can("send_statement");
  const [result, setResult] = useState<MonthlyInformationSendResult | null>(null);

  function changeProperty(next: string | undefined): void {
    const params = new URLSearchParams(searchParams);
    if (next) params.set("property", next);
    else params.delete("property");
    setSearchParams(params);
    setResult(null);
  }

  function changeMonth(next: string): void {
    setMonth(next);
    setResult(null);
  }

  async function sendByEmail(): Promise<void> {
    try {
      setResult(await send.mutateAsync(month));
    } catch (error) {
      setResult({
        queued: [],
        alreadyInformed: [],
        withoutEmail: [],
        message: getErrorMessage(error),
      });
    }
  }

  return {
    propertyList,
    propertyId,
    changeProperty,
    month,
    changeMonth,
    information,
    letters,
    canSend,
    isSending: send.isPending,
    sendByEmail,
    result,
  };
}
