/** The product label of the top bar, the drawer title (docs/spec.md §1) and the page titles. */
export const PRODUCT_NAME = 'Gait Portal';
