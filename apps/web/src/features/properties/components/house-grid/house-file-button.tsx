import { useRef, useState, type ChangeEvent } from "react";
import { FileSpreadsheet } from "lucide-react";
import type { HouseTable } from "@nk/contract";
import { UpgradeRequired } from "../../../../components/upgrade-required";
import { Alert } from "../../../../components/ui/alert";
import { Button } from "../../../../components/ui/button";
import { getErrorMessage } from "../../../../lib/api-error";
import { useMe } from "../../../../lib/use-me";
import { readFileBase64 } from "../../../../lib/read-file-base64";
import { useReadHouseTable } from "../../api";

/**
 * "Aus Datei übernehmen (CSV/XLSX)" (issue 28 item 5, decision 1660): the server reads the file,
 * the grid gets its rows as a dry run; the grid's save stays the one transaction. Plan feature
 * bulkImportExport: without it the button says so (the server refuses with 403 as well).
 */
export function HouseFileButton({
  onTable,
}: {
  onTable: (table: HouseTable["table"], fileName: string) => void;
}) {
  const me = useMe();
  const readTable = useReadHouseTable();
  const input = useRef<HTMLInputElement>(null);
  const [isUpgradeShown, setIsUpgradeShown] = useState(false);
  const isAllowed = !me.data || me.hasFeature("bulkImportExport");

  async function handleChange(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    try {
      const result = await readTable.mutateAsync({
        file: { fileName: file.name, contentBase64: await readFileBase64(file) },
      });
      onTable(result.table, file.name);
    } catch {
      // The message is shown from readTable.error.
    }
  }

  return (
    <div className="space-y-2">
      <input
        ref={input}
        type="file"
        accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void handleChange(event)}
      />
      <Button
        variant="outline"
        isBusy={readTable.isPending}
        busyText="Lese Datei..."
        onClick={() => (isAllowed ? input.current?.click() : setIsUpgradeShown(true))}
      >
        <FileSpreadsheet className="size-4" aria-hidden="true" />
        Aus Datei übernehmen (CSV/XLSX)
      </Button>
      {isUpgradeShown && !isAllowed ? <UpgradeRequired feature="Massenimport und -export" /> : null}
      {readTable.error ? (
        <Alert variant="error">
          {getErrorMessage(readTable.error, "Die Datei konnte nicht gelesen werden.")}
        </Alert>
      ) : null}
    </div>
  );
}
