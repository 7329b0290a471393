/**
 * The table the importer will read as bill-of-lading data (a CSV resource `bill_of_lading` in the
 * data package) once an open source exists. Documented for operators in docs/bill-of-lading.md
 * (the public page links there).
 */
export const BILL_OF_LADING_RESOURCE = "bill_of_lading";

export const BILL_OF_LADING_FIELDS = [
  { name: "shipment_id", type: "string", required: true },
  { name: "arrival_date", type: "date", required: true },
  { name: "shipper", type: "string", required: false },
  { name: "consignee", type: "string", required: false },
  { name: "origin_country", type: "string", required: true },
  { name: "destination_country", type: "string", required: true },
  { name: "port_of_lading", type: "string", required: false },
  { name: "port_of_unlading", type: "string", required: false },
  { name: "hs_code", type: "string", required: false },
  { name: "description", type: "string", required: false },
  { name: "weight_kg", type: "number", required: false },
  { name: "value_usd", type: "number", required: false },
] as const;
