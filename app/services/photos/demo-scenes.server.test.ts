import { describe, expect, it } from "vitest";
import { DEMO_SCENE_SIZE, demoScenePhotoRows, sceneStorageKey } from "~/services/photos/demo-scenes.server";
import { VARIANT_WIDTHS } from "~/services/photos/image-pipeline.server";

describe("demoScenePhotoRows", () => {
  it("gives one row per scene, in order, the first the cover, with every variant width", () => {
    expect(demoScenePhotoRows(["terrace", "sea-view", "medina"])).toEqual([
      { storageKey: sceneStorageKey("terrace"), variants: VARIANT_WIDTHS.join(","), ...DEMO_SCENE_SIZE, position: 0, isCover: true },
      { storageKey: sceneStorageKey("sea-view"), variants: VARIANT_WIDTHS.join(","), ...DEMO_SCENE_SIZE, position: 1, isCover: false },
      { storageKey: sceneStorageKey("medina"), variants: VARIANT_WIDTHS.join(","), ...DEMO_SCENE_SIZE, position: 2, isCover: false },
    ]);
  });

  it("gives no rows for no scenes", () => {
    expect(demoScenePhotoRows([])).toEqual([]);
  });
});
