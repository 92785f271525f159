#!/usr/bin/env python3
"""Writes the example level, a small platformer, in the editors' formats from one drawing.

Usage: make_platformer.py [DATA_DIR]. Writes, beside this script, platformer.tmx (Tiled's XML,
CSV layers), platformer.tsx (its tileset, with each tile's `collision` property),
platformer_tiles.png and platformer.ldtk (an LDtk project); platformer.tmj is Tiled's own JSON
export of the TMX (`tiled --export-map json platformer.tmx platformer.tmj`, run here when Tiled
is installed). With DATA_DIR, also the test variants of tests/levels (other encodings,
compressions, tilesets, an infinite map, layer offsets, separate LDtk level files), which load
to the same level.
"""
import base64
import gzip
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
TILE = 16

# The drawing, one character per tile. Tiled draws the descending ramps with the rising tiles
# flipped horizontally; LDtk names them by their own identifiers.
ROWS = [
    "................................",
    "................................",
    "................................",
    "............................====",
    "................................",
    "................................",
    "..............====..............",
    "................................",
    "...........ab###BA......#.......",
    "........../#######\\~~~~~#.......",
    "....../############~~~~~#......#",
    "################################",
]
# Decoration drawn in Tiled only: clouds (a tile with no collision property) and a layer of
# bricks that collides with nothing (its layer says `collision: none`).
CLOUDS = [(3, 1), (4, 1), (20, 2), (21, 2)]
BRICKS = [(0, 9), (1, 9), (0, 10), (1, 10)]

# Tileset tiles: local id -> (collision property, colour for the picture).
TILES = [
    ("solid", (90, 70, 50)),
    ("one_way", (200, 160, 60)),
    ("slope45_ul", (120, 90, 60)),
    ("shallow_ul_low", (140, 110, 70)),
    ("shallow_ul_high", (160, 130, 80)),
    ("sensor_water", (60, 120, 220)),
    (None, (235, 235, 245)),  # a cloud: decoration
]
# Drawing character -> (local tile id, flipped horizontally) for Tiled; IntGrid identifier for LDtk.
CHARS = {
    "#": (0, False, "solid"),
    "=": (1, False, "one_way"),
    "/": (2, False, "slope45_ul"),
    "\\": (2, True, "slope45_ur"),
    "a": (3, False, "shallow_ul_low"),
    "b": (4, False, "shallow_ul_high"),
    "A": (3, True, "shallow_ur_low"),
    "B": (4, True, "shallow_ur_high"),
    "~": (5, False, "sensor_water"),
}
INTGRID = ["solid", "one_way", "slope45_ul", "slope45_ur", "shallow_ul_low", "shallow_ul_high",
           "shallow_ur_low", "shallow_ur_high", "sensor_water"]

# Objects: (name, class, x, y, width, height); a point has no size.
BODIES = [
    ("crate", "Static", 400, 160, 16, 16),
    ("plank", "One_way", 336, 120, 32, 4),
    ("lift", "Platform", 432, 152, 32, 8),
    ("goal", "Sensor", 480, 32, 16, 16),
]
SPAWNS = [("hero", "Spawn", 24, 176), ("slime", "Spawn", 120, 160)]
W, H = len(ROWS[0]), len(ROWS)
FLIP_H = 0x80000000


def gids(layer="ground"):
    out = [0] * (W * H)
    if layer == "ground":
        for r, row in enumerate(ROWS):
            for c, ch in enumerate(row):
                if ch in CHARS:
                    tile, flip, _ = CHARS[ch]
                    out[r * W + c] = (tile + 1) | (FLIP_H if flip else 0)
    elif layer == "clouds":
        for c, r in CLOUDS:
            out[r * W + c] = 7
    else:
        for c, r in BRICKS:
            out[r * W + c] = 1
    return out


def csv_rows(values, width):
    lines = []
    for r in range(len(values) // width):
        lines.append(",".join(str(v) for v in values[r * width:(r + 1) * width]))
    return ",\n".join(lines)


def encode(values, compression):
    raw = struct.pack("<%dI" % len(values), *values)
    if compression == "zlib":
        raw = zlib.compress(raw)
    elif compression == "gzip":
        raw = gzip.compress(raw, mtime=0)
    elif compression == "zstd":
        raw = subprocess.run(["zstd", "-q", "-c", "-19"], input=raw, stdout=subprocess.PIPE, check=True).stdout
    return base64.b64encode(raw).decode()


def covers(kind, x, y):
    """Whether pixel (x, y) of a tile of this kind is drawn (its solid part; a one-way tile's top)."""
    u, v = (x + 0.5) / TILE, (y + 0.5) / TILE
    return {"slope45_ul": u + v >= 1, "shallow_ul_low": u + 2 * v >= 2, "shallow_ul_high": u + 2 * v >= 1,
            "one_way": v <= 0.3}.get(kind, True)


def png(path):
    width, height = TILE * len(TILES), TILE
    rows = b""
    for y in range(height):
        rows += b"\0" + b"".join(bytes(colour) + (b"\xff" if covers(kind, x, y) else b"\0")
                                  for kind, colour in TILES for x in range(TILE))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)) +
                chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def tileset_xml(inline, image="platformer_tiles.png"):
    head = ' <tileset firstgid="1" name="platformer"' if inline else \
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.8" tiledversion="1.8.2" name="platformer"'
    lines = [head + ' tilewidth="16" tileheight="16" tilecount="%d" columns="%d">' % (len(TILES), len(TILES)),
             ' <image source="%s" width="%d" height="16"/>' % (image, TILE * len(TILES))]
    for i, (kind, _) in enumerate(TILES):
        if kind:
            lines += [' <tile id="%d">' % i, '  <properties>',
                      '   <property name="collision" value="%s"/>' % kind, '  </properties>', ' </tile>']
    lines.append('</tileset>')
    pad = " " if inline else ""
    return "\n".join(pad + l if i else l for i, l in enumerate(lines)) + "\n"


def data_xml(values, encoding, compression, infinite):
    attrs = ' encoding="%s"' % encoding if encoding else ""
    attrs += ' compression="%s"' % compression if compression else ""

    def body(vals, width, indent):
        if encoding == "csv":
            return "\n" + csv_rows(vals, width) + "\n" + indent
        if encoding == "base64":
            return "\n" + indent + " " + encode(vals, compression) + "\n" + indent
        return "\n" + "".join(indent + ' <tile gid="%d"/>\n' % v if v else indent + " <tile/>\n" for v in vals) + indent
    if not infinite:
        return '  <data%s>%s</data>\n' % (attrs, body(values, W, "  "))
    # 16 x 16 chunks, as Tiled writes them; only the chunks with tiles.
    out = '  <data%s>\n' % attrs
    for cy in range(0, H, 16):
        for cx in range(0, W, 16):
            vals = [values[r * W + c] if r < H and c < W else 0 for r in range(cy, cy + 16) for c in range(cx, cx + 16)]
            if any(vals):
                out += '   <chunk x="%d" y="%d" width="16" height="16">%s</chunk>\n' % (cx, cy, body(vals, 16, "   "))
    return out + '  </data>\n'


def objects_xml(offset=(0, 0)):
    lines = [' <objectgroup id="4" name="Objects"%s>' % (
        ' offsetx="%d" offsety="%d"' % offset if offset != (0, 0) else "")]
    oid = 1
    for name, cls, x, y, w, h in BODIES:
        lines.append('  <object id="%d" name="%s" type="%s" x="%d" y="%d" width="%d" height="%d"/>' %
                     (oid, name, cls, x - offset[0], y - offset[1], w, h))
        oid += 1
    for name, cls, x, y in SPAWNS:
        lines += ['  <object id="%d" name="%s" type="%s" x="%d" y="%d">' % (oid, name, cls, x - offset[0], y - offset[1]),
                  '   <point/>', '  </object>']
        oid += 1
    lines.append(' </objectgroup>')
    return "\n".join(lines) + "\n"


def tmx(encoding="csv", compression="", tileset="external", infinite=False, offsets=False, tsx="platformer.tsx",
        image="platformer_tiles.png"):
    out = '<?xml version="1.0" encoding="UTF-8"?>\n'
    out += ('<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="%d" '
            'height="%d" tilewidth="16" tileheight="16" infinite="%d" nextlayerid="5" nextobjectid="%d">\n' %
            (W, H, 1 if infinite else 0, len(BODIES) + len(SPAWNS) + 1))
    if tileset == "external":
        out += ' <tileset firstgid="1" source="%s"/>\n' % tsx
    elif tileset == "tsj":
        out += ' <tileset firstgid="1" source="platformer.tsj"/>\n'
    else:
        out += tileset_xml(True, image)
    size = '' if infinite else ' width="%d" height="%d"' % (W, H)
    out += ' <layer id="1" name="Clouds"%s>\n' % size + data_xml(gids("clouds"), encoding, compression, infinite) + ' </layer>\n'
    out += (' <layer id="2" name="Bricks"%s>\n  <properties>\n   <property name="collision" value="none"/>\n'
            '  </properties>\n' % size + data_xml(gids("bricks"), encoding, compression, infinite) + ' </layer>\n')
    if offsets:
        # The ground in a group offset by (64, -16), the layer by (-64, 16): they add up to none.
        out += ' <group id="5" name="World" offsetx="64" offsety="-16">\n'
        out += '  <layer id="3" name="Ground"%s offsetx="-64" offsety="16">\n' % size
        out += data_xml(gids(), encoding, compression, infinite).replace("  <data", "   <data", 1).replace("\n  </data>", "\n   </data>")
        out += '  </layer>\n </group>\n'
    else:
        out += ' <layer id="3" name="Ground"%s>\n' % size + data_xml(gids(), encoding, compression, infinite) + ' </layer>\n'
    out += objects_xml((8, -8) if offsets else (0, 0))
    return out + '</map>\n'


def ldtk_project(separate=False, extra_level=False):
    uid = iter(range(1, 1000))
    layer_uid, entity_layer_uid = next(uid), next(uid)
    value_defs = [{"value": i + 1, "identifier": name, "color": "#%02X%02X%02X" % (40 * i % 256, 90, 200 - 15 * i),
                   "tile": None, "groupUid": 0} for i, name in enumerate(INTGRID)]
    entity_defs = []
    field_uids = {}
    for ident, (w, h) in [("Static", (16, 16)), ("One_way", (32, 4)), ("Platform", (32, 8)), ("Sensor", (16, 16)),
                          ("Spawn", (16, 16))]:
        e_uid, f_uid = next(uid), next(uid)
        field_uids[ident] = (e_uid, f_uid)
        entity_defs.append({
            "identifier": ident, "uid": e_uid, "tags": [], "exportToToc": False, "allowOutOfBounds": False,
            "doc": None, "width": w, "height": h, "resizableX": True, "resizableY": True, "minWidth": None,
            "maxWidth": None, "minHeight": None, "maxHeight": None, "keepAspectRatio": False, "tileOpacity": 1,
            "fillOpacity": 0.08, "lineOpacity": 1, "hollow": False, "color": "#94D9B3", "renderMode": "Rectangle",
            "showName": True, "tilesetId": None, "tileRenderMode": "FitInside", "tileRect": None, "uiTileRect": None,
            "nineSliceBorders": [], "maxCount": 0, "limitScope": "PerLevel", "limitBehavior": "MoveLastOne",
            "pivotX": 0.5 if ident == "Spawn" else 0, "pivotY": 1 if ident == "Spawn" else 0,
            "fieldDefs": [{
                "identifier": "name", "doc": None, "__type": "String", "uid": f_uid, "type": "F_String",
                "isArray": False, "canBeNull": False, "arrayMinLength": None, "arrayMaxLength": None,
                "editorDisplayMode": "NameAndValue", "editorDisplayScale": 1, "editorDisplayPos": "Above",
                "editorLinkStyle": "StraightArrow", "editorDisplayColor": None, "editorAlwaysShow": False,
                "editorShowInWorld": True, "editorCutLongValues": True, "editorTextSuffix": None,
                "editorTextPrefix": None, "useForSmartColor": False, "exportToToc": False, "searchable": False,
                "min": None, "max": None, "regex": None, "acceptFileTypes": None, "defaultOverride": None,
                "textLanguageMode": None, "symmetricalRef": False, "autoChainRef": True, "allowOutOfLevelRef": True,
                "allowedRefs": "OnlySame", "allowedRefsEntityUid": None, "allowedRefTags": [], "tilesetUid": None}]})

    def entity(ident, name, x, y, w, h, level_iid):
        e_uid, f_uid = field_uids[ident]
        px, py = (x, y)
        pivot = [0.5, 1] if ident == "Spawn" else [0, 0]
        return {"__identifier": ident, "__grid": [int(x // TILE), int(y // TILE)], "__pivot": pivot, "__tags": [],
                "__tile": None, "__smartColor": "#94D9B3", "iid": "%s-%s" % (level_iid[:8], name), "width": w,
                "height": h, "defUid": e_uid, "px": [px, py],
                "fieldInstances": [{"__identifier": "name", "__type": "String", "__value": name, "__tile": None,
                                    "defUid": f_uid, "realEditorValues": [{"id": "V_String", "params": [name]}]}],
                "__worldX": px, "__worldY": py}

    def level(ident, index, world_x, rows, with_objects):
        iid = "5a1f0c00-7a6e-11ee-b8f%d-0123456789ab" % index
        csv = []
        for row in rows:
            csv += [INTGRID.index(CHARS[ch][2]) + 1 if ch in CHARS else 0 for ch in row]
        ents = []
        if with_objects:
            ents = [entity(cls, name, x, y, w, h, iid) for name, cls, x, y, w, h in BODIES]
            ents += [entity(cls, name, x, y, 16, 16, iid) for name, cls, x, y in SPAWNS]
        layers = [{
            "__identifier": "Objects", "__type": "Entities", "__cWid": W, "__cHei": H, "__gridSize": TILE,
            "__opacity": 1, "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": None,
            "__tilesetRelPath": None, "iid": iid[:-4] + "e0%02d" % index, "levelId": index, "layerDefUid": entity_layer_uid,
            "pxOffsetX": 0, "pxOffsetY": 0, "visible": True, "optionalRules": [], "intGridCsv": [],
            "autoLayerTiles": [], "seed": 1234, "overrideTilesetUid": None, "gridTiles": [], "entityInstances": ents
        }, {
            "__identifier": "Collision", "__type": "IntGrid", "__cWid": W, "__cHei": H, "__gridSize": TILE,
            "__opacity": 1, "__pxTotalOffsetX": 0, "__pxTotalOffsetY": 0, "__tilesetDefUid": None,
            "__tilesetRelPath": None, "iid": iid[:-4] + "c0%02d" % index, "levelId": index, "layerDefUid": layer_uid,
            "pxOffsetX": 0, "pxOffsetY": 0, "visible": True, "optionalRules": [], "intGridCsv": csv,
            "autoLayerTiles": [], "seed": 5678, "overrideTilesetUid": None, "gridTiles": [], "entityInstances": []}]
        out = {"identifier": ident, "iid": iid, "uid": 100 + index, "worldX": world_x, "worldY": 0, "worldDepth": 0,
               "pxWid": W * TILE, "pxHei": H * TILE, "__bgColor": "#40465B", "bgColor": None,
               "useAutoIdentifier": False, "bgRelPath": None, "bgPos": None, "bgPivotX": 0.5, "bgPivotY": 0.5,
               "__smartColor": "#ADADB5", "__bgPos": None, "externalRelPath": None, "fieldInstances": [],
               "layerInstances": layers, "__neighbours": []}
        return out

    levels = [level("Level_0", 0, 0, ROWS, True)]
    if extra_level:
        # A second level to the right: a floor and a wall, at its world position.
        levels.append(level("Level_1", 1, W * TILE, ["." * W] * (H - 1) + ["#" * W], False))
    project = {
        "__header__": {"fileType": "LDtk Project JSON", "app": "LDtk", "doc": "https://ldtk.io/json",
                       "schema": "https://ldtk.io/files/JSON_SCHEMA.json", "appAuthor": "Sebastien 'deepnight' Benard",
                       "appVersion": "1.5.3", "url": "https://ldtk.io"},
        "iid": "5a1f0c00-7a6e-11ee-b8f0-00000000cafe", "jsonVersion": "1.5.3", "appBuildId": 473703,
        "nextUid": next(uid), "identifierStyle": "Capitalize", "toc": [], "worldLayout": "Free",
        "worldGridWidth": W * TILE, "worldGridHeight": H * TILE, "defaultLevelWidth": W * TILE,
        "defaultLevelHeight": H * TILE, "defaultPivotX": 0, "defaultPivotY": 0, "defaultGridSize": TILE,
        "defaultEntityWidth": TILE, "defaultEntityHeight": TILE, "bgColor": "#40465B",
        "defaultLevelBgColor": "#696A79", "minifyJson": False, "externalLevels": separate, "exportTiled": False,
        "simplifiedExport": False, "imageExportMode": "None", "exportLevelBg": True, "pngFilePattern": None,
        "backupOnSave": False, "backupLimit": 10, "backupRelPath": None, "levelNamePattern": "Level_%idx",
        "tutorialDesc": None, "customCommands": [], "flags": [],
        "defs": {
            "layers": [{
                "__type": "Entities", "identifier": "Objects", "type": "Entities", "uid": entity_layer_uid, "doc": None,
                "uiColor": None, "gridSize": TILE, "guideGridWid": 0, "guideGridHei": 0, "displayOpacity": 1,
                "inactiveOpacity": 0.6, "hideInList": False, "hideFieldsWhenInactive": True, "canSelectWhenInactive": True,
                "renderInWorldView": True, "pxOffsetX": 0, "pxOffsetY": 0, "parallaxFactorX": 0, "parallaxFactorY": 0,
                "parallaxScaling": True, "requiredTags": [], "excludedTags": [], "autoTilesKilledByOtherLayerUid": None,
                "uiFilterTags": [], "useAsyncRender": False, "intGridValues": [], "intGridValuesGroups": [],
                "autoRuleGroups": [], "autoSourceLayerDefUid": None, "tilesetDefUid": None, "tilePivotX": 0,
                "tilePivotY": 0, "biomeFieldUid": None
            }, {
                "__type": "IntGrid", "identifier": "Collision", "type": "IntGrid", "uid": layer_uid, "doc": None,
                "uiColor": None, "gridSize": TILE, "guideGridWid": 0, "guideGridHei": 0, "displayOpacity": 1,
                "inactiveOpacity": 1, "hideInList": False, "hideFieldsWhenInactive": True, "canSelectWhenInactive": True,
                "renderInWorldView": True, "pxOffsetX": 0, "pxOffsetY": 0, "parallaxFactorX": 0, "parallaxFactorY": 0,
                "parallaxScaling": True, "requiredTags": [], "excludedTags": [], "autoTilesKilledByOtherLayerUid": None,
                "uiFilterTags": [], "useAsyncRender": False, "intGridValues": value_defs, "intGridValuesGroups": [],
                "autoRuleGroups": [], "autoSourceLayerDefUid": None, "tilesetDefUid": None, "tilePivotX": 0,
                "tilePivotY": 0, "biomeFieldUid": None}],
            "entities": entity_defs, "tilesets": [], "enums": [], "externalEnums": [], "levelFields": []},
        "levels": levels, "worlds": [], "dummyWorldIid": "5a1f0c00-7a6e-11ee-b8f0-00000000d0d0"}
    return project


def write(path, text):
    with open(path, "w", newline="\n") as f:
        f.write(text)


def write_ldtk(path, project, separate=False):
    folder = os.path.splitext(path)[0]
    if separate:
        os.makedirs(folder, exist_ok=True)
        for i, lvl in enumerate(project["levels"]):
            rel = "%s/%04d-%s.ldtkl" % (os.path.basename(folder), i, lvl["identifier"])
            write(os.path.join(os.path.dirname(path), rel), json.dumps(lvl, indent=1) + "\n")
            lvl["externalRelPath"] = rel
            lvl["layerInstances"] = None
    write(path, json.dumps(project, indent=1) + "\n")


def main():
    write(os.path.join(HERE, "platformer.tsx"), tileset_xml(False))
    png(os.path.join(HERE, "platformer_tiles.png"))
    write(os.path.join(HERE, "platformer.tmx"), tmx())
    write_ldtk(os.path.join(HERE, "platformer.ldtk"), ldtk_project())
    tiled = shutil.which("tiled")
    if tiled:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        subprocess.run([tiled, "--export-map", "json", os.path.join(HERE, "platformer.tmx"),
                        os.path.join(HERE, "platformer.tmj")], check=True, env=env)
    if len(sys.argv) > 1:
        data = sys.argv[1]
        os.makedirs(data, exist_ok=True)
        tsx = os.path.relpath(os.path.join(HERE, "platformer.tsx"), data)
        variants = {
            "xml_tiles": dict(encoding=""),
            "base64": dict(encoding="base64"),
            "base64_zlib": dict(encoding="base64", compression="zlib"),
            "base64_gzip": dict(encoding="base64", compression="gzip"),
            "base64_zstd": dict(encoding="base64", compression="zstd"),
            "embedded": dict(tileset="embedded"),
            "tsj": dict(tileset="tsj"),
            "infinite": dict(infinite=True),
            "infinite_zlib": dict(infinite=True, encoding="base64", compression="zlib"),
            "offsets": dict(offsets=True),
        }
        for name, args in variants.items():
            image = os.path.relpath(os.path.join(HERE, "platformer_tiles.png"), data)
            write(os.path.join(data, "platformer_%s.tmx" % name), tmx(tsx=tsx, image=image, **args))
        tsj = {"name": "platformer", "type": "tileset", "version": "1.8", "tiledversion": "1.8.2", "tilewidth": 16,
               "tileheight": 16, "tilecount": len(TILES), "columns": len(TILES), "margin": 0, "spacing": 0,
               "image": os.path.relpath(os.path.join(HERE, "platformer_tiles.png"), data), "imagewidth": TILE * len(TILES), "imageheight": 16,
               "tiles": [{"id": i, "properties": [{"name": "collision", "type": "string", "value": k}]}
                         for i, (k, _) in enumerate(TILES) if k]}
        write(os.path.join(data, "platformer.tsj"), json.dumps(tsj, indent=1) + "\n")
        write_ldtk(os.path.join(data, "platformer_separate.ldtk"), ldtk_project(separate=True), separate=True)
        write_ldtk(os.path.join(data, "two_levels.ldtk"), ldtk_project(extra_level=True))
        if tiled:
            for name in ["base64_zlib", "infinite", "embedded"]:
                subprocess.run([tiled, "--export-map", "json", os.path.join(data, "platformer_%s.tmx" % name),
                                os.path.join(data, "platformer_%s.tmj" % name)], check=True, env=env)


if __name__ == "__main__":
    main()
