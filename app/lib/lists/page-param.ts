/** The page number of every paginated list, storefront and admin alike: `?pagina=2`. */
export const PAGE_PARAM = "pagina";
