// What other features use of the store's screens: a plan drawn as the store draws it (the admin's plan preview).
export { PlanLine, PlanNote, PlanSummary, planIncludes } from './components/plan-lines';
// The store feature's public surface for the other features (beside api/): the card and the product page's
// details, which the product settings screen's preview draws with unsaved values.
export { ProductCard } from './components/product-card';
export { ProductDetails } from './components/product-details';
