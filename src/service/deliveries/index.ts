export { type DeliveryLedgerStore, deliveryLedger } from "./ledger.js";
