import { useEffect, useMemo, useRef, useState } from "react";
import type { Cart } from "~/lib/cart/cart";
import { normalizeSearchText } from "~/lib/format/search-text";
import type { Settings } from "~/lib/group/settings";
import { maskCep, onlyDigits } from "~/lib/format/documents";
import {
  ARRANGE_DELIVERY,
  findZone,
  LOCAL_OPTION,
  zoneFeeCents,
  zonesOfTown,
  zoneTimeLabel,
  type DeliveryOption,
  type DeliveryZone,
} from "~/lib/delivery/zones";

/** GET /api/entrega's answer (app/server/delivery/delivery-options.server.ts). */
type DeliveryLookup = {
  address: { street: string; neighborhood: string; city: string; state: string } | null;
  unknownCep: boolean;
  localTown: boolean;
  options: DeliveryOption[];
};

export type AddressFields = { cep: string; street: string; neighborhood: string; city: string; state: string };

type FlatFeeSettings = Pick<Settings, "deliveryCities" | "deliveryFeeCents" | "freeShippingMinCents" | "deliveryDays">;

/**
 * The checkout's delivery step: the address (filled from the CEP when the lookup answers), whether the
 * shop delivers there itself (the bairro from the owner's list) or a carrier does (options from
 * /api/entrega), and the fee and time it shows. Only shown: the order's fee is the server's.
 */
export function useDeliveryChoice({ zones, settings, cart, subtotalCents, initialStreet, cepLookup }: {
  zones: readonly DeliveryZone[];
  settings: FlatFeeSettings;
  cart: Cart;
  subtotalCents: number;
  initialStreet: string;
  /** The server has a CEP lookup (CEP_LOOKUP_URL): the CEP fills the address. */
  cepLookup: boolean;
}) {
  const [address, setAddress] = useState<AddressFields>({ cep: "", street: initialStreet, neighborhood: "", city: "", state: "PE" });
  const [remote, setRemote] = useState<{ key: string; options: DeliveryOption[] } | null>(null);
  const [chosen, setChosen] = useState<string>("");
  const [lookup, setLookup] = useState<"idle" | "busy" | "unknown">("idle");
  /** The CEP whose lookup filled the address shown ("" none): another CEP replaces all of it. */
  const filledFromCep = useRef("");
  const cep = onlyDigits(address.cep);
  const townZones = zonesOfTown(zones, address.city);
  const wanted = normalizeSearchText(address.city);
  const flatFeeTown = townZones.length === 0 && wanted !== "" && settings.deliveryCities.some((city) => normalizeSearchText(city) === wanted);
  const localTown = townZones.length > 0 || flatFeeTown;
  const items = cart.map((line) => `${line.id}x${line.quantity}`).join(",");
  const remoteKey = `${cep}|${address.state}|${items}`;

  // A complete CEP: its address, and the carrier options when the town is not one of the shop's.
  useEffect(() => {
    if (cep.length !== 8 || !items) return;
    const controller = new AbortController();
    const params = new URLSearchParams({ cep, itens: items, cidade: address.city, uf: address.state });
    setLookup("busy");
    fetch(`/api/entrega?${params}`, { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<DeliveryLookup>) : null))
      .then((answer) => {
        setLookup(answer?.unknownCep ? "unknown" : "idle");
        if (!answer) return setRemote({ key: remoteKey, options: [ARRANGE_DELIVERY] });
        if (answer.address) {
          const found = answer.address;
          // The first lookup keeps what the shopper typed where it has no answer (a town's single CEP has
          // no street); a new CEP replaces the earlier one's street and bairro, even with nothing.
          const replace = filledFromCep.current !== "" && filledFromCep.current !== cep;
          filledFromCep.current = cep;
          setAddress((current) => addressFoundByCep(current, found, zones, replace));
        } else if (answer.unknownCep && filledFromCep.current !== "") {
          // An unknown CEP after a found one: the earlier CEP's street and bairro are not this address.
          filledFromCep.current = "";
          setAddress((current) => ({ ...current, street: "", neighborhood: "" }));
        }
        setRemote({ key: answer.address ? `${cep}|${answer.address.state}|${items}` : remoteKey, options: answer.options });
      })
      .catch(() => {
        if (!controller.signal.aborted) {
          setLookup("idle");
          setRemote({ key: remoteKey, options: [ARRANGE_DELIVERY] });
        }
      });
    return () => controller.abort();
    // Asked again when the CEP, the state (the table by state) or the cart changes; not on every letter of the town.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cep, address.state, items]);

  const zone = findZone(zones, address.city, address.neighborhood);
  const remoteOptions = !localTown && remote?.key === remoteKey ? remote.options : null;

  const option: DeliveryOption | null = useMemo(() => {
    if (localTown) return shopDeliveryOption({ zone, flatFee: flatFeeTown ? settings : null, subtotalCents, neighborhood: address.neighborhood });
    if (remoteOptions) return remoteOptions.find((candidate) => candidate.id === chosen) ?? remoteOptions[0] ?? null;
    return null;
  }, [localTown, zone, flatFeeTown, settings, subtotalCents, address.neighborhood, remoteOptions, chosen]);

  return {
    address,
    /** A typed change of one address field (the CEP masked as typed: 55560-000). */
    setField: (name: keyof AddressFields, value: string) => setAddress((current) => ({ ...current, [name]: name === "cep" ? maskCep(value) : value })),
    townZones,
    localTown,
    remoteOptions,
    cepLookup,
    lookupBusy: lookup === "busy",
    unknownCep: lookup === "unknown",
    option,
    choose: setChosen,
    /** What the form sends as deliveryOption: the shop's own, the chosen carrier, or WhatsApp when nothing is known yet. */
    optionId: option?.id ?? (localTown ? LOCAL_OPTION : ARRANGE_DELIVERY.id),
  };
}
export type DeliveryChoice = ReturnType<typeof useDeliveryChoice>;

/**
 * The address once the lookup found the CEP's: its town and state, its street and bairro where it has
 * them; `replace` (another CEP than the one that filled it) empties what the answer lacks.
 */
function addressFoundByCep(
  current: AddressFields,
  found: NonNullable<DeliveryLookup["address"]>,
  zones: readonly DeliveryZone[],
  replace: boolean,
): AddressFields {
  // In a town of the owner's list, a bairro the list lacks is chosen again rather than priced wrong.
  const townZones = zonesOfTown(zones, found.city);
  const neighborhood = townZones.length === 0 || findZone(townZones, found.city, found.neighborhood) ? found.neighborhood : "";
  return {
    ...current,
    street: found.street || (replace ? "" : current.street),
    neighborhood: neighborhood || (replace || townZones.length > 0 ? "" : current.neighborhood),
    city: found.city,
    state: found.state,
  };
}

/**
 * The shop's own delivery in one of its towns: the bairro's zone, else the settings' flat fee (a town
 * of the delivery cities without bairros), else, with a bairro typed, arranged on WhatsApp.
 */
function shopDeliveryOption({ zone, flatFee, subtotalCents, neighborhood }: {
  zone: DeliveryZone | null;
  flatFee: FlatFeeSettings | null;
  subtotalCents: number;
  neighborhood: string;
}): DeliveryOption | null {
  if (zone) return { id: LOCAL_OPTION, label: `Entrega da loja — ${zone.neighborhood}`, feeCents: zoneFeeCents(zone, subtotalCents), time: zoneTimeLabel(zone) };
  if (flatFee) {
    return {
      id: LOCAL_OPTION,
      label: "Entrega da loja",
      feeCents: zoneFeeCents({ feeCents: flatFee.deliveryFeeCents, freeAboveCents: flatFee.freeShippingMinCents }, subtotalCents),
      time: flatFee.deliveryDays,
    };
  }
  return neighborhood.trim() ? { ...ARRANGE_DELIVERY, id: LOCAL_OPTION } : null;
}
