import "server-only";

/**
 * Spanish and Chinese names of the eleven EBOPS 2002 main service categories, as the UN's Manual on
 * Statistics of International Trade in Services (2002) writes them in its Spanish and Chinese
 * editions. The data package names the categories only in English; these are the classification's
 * own names, keyed by EBOPS 2002 code, so the services sections read in the page language.
 */
export const EBOPS2002_NAMES: Readonly<Record<string, { es: string; zh: string }>> = {
  "205": { es: "Transportes", zh: "运输" },
  "236": { es: "Viajes", zh: "旅行" },
  "245": { es: "Servicios de comunicaciones", zh: "通信服务" },
  "249": { es: "Servicios de construcción", zh: "建筑服务" },
  "253": { es: "Servicios de seguros", zh: "保险服务" },
  "260": { es: "Servicios financieros", zh: "金融服务" },
  "262": { es: "Servicios de informática y de información", zh: "计算机和信息服务" },
  "266": { es: "Regalías y derechos de licencia", zh: "特许权使用费和许可费" },
  "268": { es: "Otros servicios empresariales", zh: "其他商业服务" },
  "287": { es: "Servicios personales, culturales y recreativos", zh: "个人、文化和娱乐服务" },
  "291": { es: "Servicios del gobierno n.i.o.p.", zh: "别处未提及的政府服务" },
};
