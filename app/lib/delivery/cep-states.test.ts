import { describe, expect, it } from "vitest";
import { BRAZILIAN_STATES } from "./zones";
import { stateOfCep } from "./cep-states";

describe("stateOfCep", () => {
  it("gives the state of a CEP from the Correios' ranges, with or without the dash", () => {
    expect(stateOfCep("01310-100")).toBe("SP");
    expect(stateOfCep("19999999")).toBe("SP");
    expect(stateOfCep("55560-000")).toBe("PE");
    expect(stateOfCep("55580000")).toBe("PE");
    expect(stateOfCep("53990-000")).toBe("PE"); // Fernando de Noronha
    expect(stateOfCep("58000-000")).toBe("PB");
    expect(stateOfCep("57000-000")).toBe("AL");
    expect(stateOfCep("20040-020")).toBe("RJ");
    expect(stateOfCep("69900-000")).toBe("AC");
  });

  it("knows the states with two ranges and the edges between neighbours", () => {
    expect(stateOfCep("69050-000")).toBe("AM");
    expect(stateOfCep("69300-000")).toBe("RR");
    expect(stateOfCep("69400-000")).toBe("AM");
    expect(stateOfCep("70040-000")).toBe("DF");
    expect(stateOfCep("72800-000")).toBe("GO");
    expect(stateOfCep("73000-000")).toBe("DF");
    expect(stateOfCep("73700-000")).toBe("GO");
    expect(stateOfCep("68899-999")).toBe("PA");
    expect(stateOfCep("68900-000")).toBe("AP");
    expect(stateOfCep("76800-000")).toBe("RO");
    expect(stateOfCep("99999-999")).toBe("RS");
  });

  it("covers every state, and says nothing of a CEP outside the ranges or malformed", () => {
    const found = new Set<string>();
    for (let prefix = 1000; prefix <= 99999; prefix += 100) {
      const state = stateOfCep(`${String(prefix).padStart(5, "0")}000`);
      if (state) found.add(state);
    }
    expect([...found].sort()).toEqual([...BRAZILIAN_STATES].sort());
    expect(stateOfCep("00500-000")).toBeNull();
    expect(stateOfCep("78950-000")).toBeNull();
    expect(stateOfCep("1310-100")).toBeNull();
    expect(stateOfCep("")).toBeNull();
  });

});
