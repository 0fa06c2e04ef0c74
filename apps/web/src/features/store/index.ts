// The store feature's public surface for the other features (beside api/): the card and the product page's
// details, which the product settings screen's preview draws with unsaved values.
export { ProductCard } from './components/product-card';
export { ProductDetails } from './components/product-details';
