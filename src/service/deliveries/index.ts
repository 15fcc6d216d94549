export { type ClaimResult, type DeliveryLedgerStore, type DeliveryRow, deliveryLedger } from "./ledger.js";
