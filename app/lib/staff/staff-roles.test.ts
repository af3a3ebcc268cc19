import { describe, expect, it } from "vitest";
import { ADMIN_NAV, adminNavFor } from "../admin/admin-nav";
import { ROLE_CAPABILITIES, roleMay, STAFF_CAPABILITIES, staffHomePath } from "./staff-roles";

describe("the roles' capabilities", () => {
  it("gives the Dono everything, the Gerente all but staff, money settings, the shop's address and contact and the stores' fiscal identity, the Vendedor counter, orders, stock and notices", () => {
    expect([...ROLE_CAPABILITIES.dono].sort()).toEqual([...STAFF_CAPABILITIES].sort());
    expect(STAFF_CAPABILITIES.filter((capability) => !roleMay("gerente", capability)).sort()).toEqual(["fiscal-identity", "money-settings", "shop-contact", "staff"]);
    expect([...ROLE_CAPABILITIES.vendedor].sort()).toEqual(["counter", "notifications", "orders", "stock"]);
  });

  it("shows each role only the menu entries it may open, and lands the Vendedor on the orders", () => {
    expect(adminNavFor(ROLE_CAPABILITIES.dono)).toEqual(ADMIN_NAV);
    expect(adminNavFor(ROLE_CAPABILITIES.gerente).map((item) => item.to)).not.toContain("/admin/equipe");
    expect(adminNavFor(ROLE_CAPABILITIES.vendedor).map((item) => item.to)).toEqual(["/admin/balcao", "/admin/balcao/balanco", "/admin/estoque", "/admin/entradas", "/admin/pedidos", "/admin/avisos"]);
    expect([staffHomePath("dono"), staffHomePath("gerente"), staffHomePath("vendedor")]).toEqual(["/admin", "/admin", "/admin/pedidos"]);
  });
});
