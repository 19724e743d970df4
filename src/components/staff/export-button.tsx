import { Download, Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toaster";
import { csvBlob, csvFileName, downloadBlob } from "@/lib/staff/csv";
import { plural } from "@/lib/staff/format";

/** A staff list's CSV export: reads every row it names, downloads them and says how many. */
export function ExportButton<Row>({
  label,
  read,
  toCsv,
  fileName,
  noun: [one, many],
  disabled = false,
}: {
  label: string;
  read: () => Promise<Row[]>;
  toCsv: (rows: Row[]) => string;
  /** The file's subject: `{fileName}-{yyyy-mm-dd}.csv`. */
  fileName: string;
  /** What a row is, for the confirmation: "3 leads exported to CSV". */
  noun: readonly [one: string, many: string];
  disabled?: boolean;
}) {
  const [exporting, setExporting] = useState(false);
  async function exportRows() {
    setExporting(true);
    try {
      const rows = await read();
      downloadBlob(csvBlob(toCsv(rows)), csvFileName(fileName));
      toast.success("Export ready", {
        description: `${plural(rows.length, one, many)} exported to CSV`,
      });
    } catch (error) {
      toast.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setExporting(false);
    }
  }
  return (
    <Button variant="outline" onClick={() => void exportRows()} disabled={exporting || disabled}>
      {exporting ? <Loader2 className="animate-spin" aria-hidden /> : <Download aria-hidden />}
      {label}
    </Button>
  );
}
