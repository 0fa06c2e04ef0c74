// Shapes of the store calls (SPEC §3, §7), shared with the server through the contract.
export type {
  ProductContent,
  SortOrder,
  StoreCard,
  StoreCardPage,
  StoreProduct,
} from '@qbank/contract';
