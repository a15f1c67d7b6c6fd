import { useState } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Download, FileSpreadsheet, Trash2 } from "lucide-react";
import { ACCOUNT_MESSAGES, DELETE_CONFIRMATION_WORD } from "@nk/contract";
import { Button } from "../../../components/ui/button";
import { useMe } from "../../../lib/use-me";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/field";
import { Alert } from "../../../components/ui/alert";
import { useToast } from "../../../components/ui/toast";
import { getErrorMessage } from "../../../lib/api-error";
import { downloadFile } from "../../../lib/download-file";
import { deleteAccount, fetchAccountExport } from "../api";
import { downloadJson } from "../lib/download-json";

function ExportCard() {
  const toast = useToast();
  const me = useMe();
  const [isExporting, setIsExporting] = useState(false);
  const [isExportingSheet, setIsExportingSheet] = useState(false);
  // The spreadsheet is plan feature bulkImportExport (decision 1660); the JSON export is in every plan.
  const hasSpreadsheet = !me.data || me.hasFeature("bulkImportExport");

  async function onExportSheet(): Promise<void> {
    setIsExportingSheet(true);
    try {
      await downloadFile("/api/export/spreadsheet", "nebenkosten-stammdaten.xlsx", {
        accept: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      });
      toast.success("Tabelle heruntergeladen");
    } catch (error) {
      toast.error(getErrorMessage(error), { title: ACCOUNT_MESSAGES.exportFailed });
    } finally {
      setIsExportingSheet(false);
    }
  }

  async function onExport(): Promise<void> {
    setIsExporting(true);
    try {
      const data = await fetchAccountExport();
      downloadJson(data, `nebenkosten-export-${data.exportedAt.slice(0, 10)}.json`);
      toast.success("Export heruntergeladen");
    } catch (error) {
      toast.error(getErrorMessage(error), { title: ACCOUNT_MESSAGES.exportFailed });
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Daten exportieren</CardTitle>
        <CardDescription>
          Alle Daten Ihres Kontos – Immobilien, Wohneinheiten, Mieter, Zähler, Tarife, Abrechnungen
          und Aktivitäten – als JSON-Datei.
        </CardDescription>
      </CardHeader>
      <CardFooter className="flex-wrap justify-start gap-2">
        <Button
          variant="outline"
          onClick={() => void onExport()}
          isBusy={isExporting}
          busyText="Exportiere..."
        >
          <Download className="size-4" aria-hidden="true" />
          Daten exportieren (JSON)
        </Button>
        {hasSpreadsheet ? (
          <Button
            variant="outline"
            onClick={() => void onExportSheet()}
            isBusy={isExportingSheet}
            busyText="Exportiere..."
          >
            <FileSpreadsheet className="size-4" aria-hidden="true" />
            Stammdaten als Tabelle (XLSX)
          </Button>
        ) : (
          <p className="text-sm text-slate-600">
            Stammdaten als Tabelle (XLSX): Upgrade erforderlich – Massenimport und -export ist in
            Ihrem aktuellen Plan nicht verfügbar.
          </p>
        )}
      </CardFooter>
    </Card>
  );
}

function DeleteAccountDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  async function onDelete(): Promise<void> {
    setError(null);
    setIsDeleting(true);
    try {
      await deleteAccount();
      queryClient.clear();
      toast.success(ACCOUNT_MESSAGES.deleted);
      void navigate("/", { replace: true });
    } catch (failure) {
      setError(`${ACCOUNT_MESSAGES.deleteFailed}: ${getErrorMessage(failure)}`);
      setIsDeleting(false);
    }
  }

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (isDeleting ? undefined : onOpenChange(open))}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>Konto endgültig löschen</DialogTitle>
          <DialogDescription>
            Sind Sie sicher, dass Sie Ihr Konto löschen möchten? Alle Immobilien, Mieter, Zähler,
            Abrechnungen und Einstellungen werden unwiderruflich gelöscht.
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="space-y-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <TextField
            label={`Geben Sie ${DELETE_CONFIRMATION_WORD} ein, um zu bestätigen`}
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isDeleting}>
            Abbrechen
          </Button>
          <Button
            variant="danger"
            disabled={typed !== DELETE_CONFIRMATION_WORD}
            isBusy={isDeleting}
            busyText="Lösche..."
            onClick={() => void onDelete()}
          >
            Konto löschen
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function DangerTab() {
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  // Deleting the account is the owner's alone (issue 29).
  const { can } = useMe();
  return (
    <div className="space-y-6">
      <ExportCard />
      {can("delete_account") ? (
        <Card className="border-red-200">
          <CardHeader>
            <CardTitle className="text-red-800">Konto löschen</CardTitle>
            <CardDescription>
              Löscht Ihr Konto und alle Daten endgültig. Exportieren Sie Ihre Daten vorher, wenn Sie
              sie aufbewahren möchten.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button variant="danger" onClick={() => setIsDeleteOpen(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Konto löschen
            </Button>
          </CardContent>
        </Card>
      ) : null}
      <DeleteAccountDialog isOpen={isDeleteOpen} onOpenChange={setIsDeleteOpen} />
    </div>
  );
}
