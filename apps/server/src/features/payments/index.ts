// What other features may use of this one (issue 42): lint refuses an import of its inside from another feature.
export { findPayment } from './payment-repository';
export { paymentSnapshot, type createPaymentService, type PaymentService } from './payment-service';
export { createVerifyCode, startPdf } from './receipt';
export { addOpeningPaymentRow, recordOpeningPayment, type OpeningPayment } from './opening-payment';
export {
  insertSeededPaymentRows,
  insertSeededPayments,
  type SeededPayment,
  type SeededPaymentRow,
} from './seeded-payments';
