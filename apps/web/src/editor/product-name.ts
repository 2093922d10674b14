/** The product's name as the admin shows it (sign-in, the navigation's header). */
export const PRODUCT_NAME = 'Atelier';
