import type { BackendInfo } from "../backend.js";

/** The XLSX backend's facts (no code loaded): the analyst's workbook (exceljs). */
export const xlsx = {
  format: "xlsx",
  label: "Excel workbook",
  extension: "xlsx",
  mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  shows: "everything",
  chartImage: "png",
} as const satisfies BackendInfo<"xlsx">;
