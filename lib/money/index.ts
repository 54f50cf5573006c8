export { authorizationProblem, decodePayment } from "./payments/authorization";
export { no, readFact, type ChainFact, unknown, yes } from "./payments/chain-fact";
export { createChainHeads, type ChainHeads, type Head } from "./payments/chain-head";
export { localChain, publicClientFor, publicClientOf } from "./payments/chain";
export type { OperatorWallet } from "./payments/operator-wallet";
export { createOperatorWallets } from "./payments/operator";
export {
  findOpenPayments,
  findPaymentByAuthorization,
  authorizationLock,
  getPaymentForJob,
  insertPayment,
  paymentOfJob,
  type PaymentRow,
  StalePaymentError,
  updatePayment,
} from "./payments/repository";
export { buildRequirements, paymentRequired } from "./payments/requirements";
export {
  createResourceServer,
  facilitatorClient,
  type FacilitatorDecorator,
} from "./payments/resource-server";
export { didDocument } from "./receipts/issuer";
export { issueReceipt, jobReceipt } from "./receipts/job-receipt";
export { signedOffers } from "./receipts/offers";
export { receiptSchema } from "./receipts/receipt-schema";
export { withReceipt } from "./receipts/receipt";
export { getReceiptKey, receiptKeyFromSecret } from "./receipts/signing-key";
export { cancelAndRefund } from "./refunds/cancel-and-refund";
export { REFUND_CONFIRMED_TOPIC, type RefundConfirmed } from "./refunds/refund-outbox";
export { refundIfOwed } from "./refunds/refund-policy";
export { REFUND_STATUSES } from "./refunds/refund-status";
export { refundForJob, refundOfJob, refundsInStatus, type RefundRow } from "./refunds/repository";
export { driveRefund, type RefundFaults } from "./refunds/send-refund";
export { provenWallet } from "./wallet-auth/sign-in";
