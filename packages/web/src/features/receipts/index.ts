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
/** The receipt's label–value rows, for pieces that show receipt facts the same way (the details modal). */
export { default as receiptClasses } from './receipt.module.css';
