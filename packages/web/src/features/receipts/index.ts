// The receipt of a subscription payment, shared by the organization admin area and the learner's
// own receipts: what other features may use of it.
export { BrandLogo, ReceiptView } from './receipt-view';
export {
  ReceiptLoader,
  ReceiptNotFound,
  ReceiptQueryView,
  ReceiptToolbar,
  receiptIdOf,
} from './receipt-page-parts';
