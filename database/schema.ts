// The whole database schema, one module per area; drizzle-kit (drizzle.config.ts) and the app read it
// from here. Each area's file imports the tables it references from the area that owns them.
export * from "./catalog-schema";
export * from "./orders-schema";
export * from "./coupons-schema";
export * from "./auth-schema";
export * from "./reviews-schema";
export * from "./audit-schema";
export * from "./email-schema";
export * from "./channels-schema";
export * from "./push-schema";
export * from "./payments-schema";
export * from "./delivery-schema";
export * from "./notices-schema";
export * from "./counter-schema";
export * from "./receiving-schema";
export * from "./whatsapp-schema";
export * from "./fiscal-schema";
