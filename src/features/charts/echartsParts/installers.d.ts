/**
 * ECharts' installers, imported from their own modules rather than through the echarts/charts,
 * echarts/components and echarts/renderers indexes: every bundler then keeps each chart type's
 * code in the chunk of the part that imports it (through an index, a bundler may put all of them
 * in a chunk every part shares). ECharts publishes these files (its "./*" export) without types.
 */
declare module "echarts/lib/*" {
  type Installer = Extract<Parameters<typeof import("echarts/core").use>[0], readonly unknown[]>[number];
  export const install: Installer;
  export const installLabelLayout: Installer;
}
