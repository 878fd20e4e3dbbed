"""Renders the QGIS guide's pictures (docs/use-parcel-atlas-in-qgis.md) with headless QGIS, as a user's
QGIS draws the two connections against a running Parcel Atlas:

    QT_QPA_PLATFORM=offscreen QGIS_AUTH_DB_DIR_PATH=<dir> /usr/bin/python3 scripts/qgisGuideImages.py \
        <base …/ogc> <key> <west> <south> <east> <north> <output folder>

Writes qgis-features-parcels.png (the "WFS / OGC API – Features" layers parcels and buildings, in LV95,
labelled with the parcel numbers) and qgis-vector-tiles.png (the "Vector Tiles" layers of parcels and
buildings with the server's styles). The key is a Basic authentication configuration, as the guide sets it up.
"""
import os
import sys

from qgis.PyQt.QtCore import QSize, Qt
from qgis.PyQt.QtGui import QColor, QFont, QImage
from qgis.core import (
    QgsApplication,
    QgsAuthMethodConfig,
    QgsCoordinateReferenceSystem,
    QgsCoordinateTransform,
    QgsFillSymbol,
    QgsMapRendererParallelJob,
    QgsMapSettings,
    QgsPalLayerSettings,
    QgsProject,
    QgsRectangle,
    QgsTextFormat,
    QgsVectorLayer,
    QgsVectorLayerSimpleLabeling,
    QgsVectorTileLayer,
)

base, key = sys.argv[1], sys.argv[2]
west, south, east, north = (float(value) for value in sys.argv[3:7])
out = sys.argv[7]
SIZE = QSize(900, 600)

app = QgsApplication([], False)
app.initQgis()
auth = QgsApplication.authManager()
auth.setMasterPassword("parcel-atlas-guide-images", True)
config = QgsAuthMethodConfig("Basic")
config.setName("Parcel Atlas")
config.setConfig("username", "qgis")
config.setConfig("password", key)
auth.storeAuthenticationConfig(config)
wgs84 = QgsCoordinateReferenceSystem("EPSG:4326")


def box_in(crs):
    """The box, in the map's CRS."""
    return QgsCoordinateTransform(wgs84, crs, QgsProject.instance()).transformBoundingBox(
        QgsRectangle(west, south, east, north)
    )


def render(layers, crs, name):
    settings = QgsMapSettings()
    settings.setLayers(layers)
    settings.setDestinationCrs(crs)
    settings.setOutputSize(SIZE)
    settings.setExtent(box_in(crs))
    settings.setBackgroundColor(QColor(248, 248, 244))
    settings.setOutputDpi(96)
    job = QgsMapRendererParallelJob(settings)
    job.start()
    job.waitForFinished()
    path = os.path.join(out, name)
    # A palette of 256 colours keeps the pictures small enough for the repository (flat map colours).
    flat = Qt.ThresholdDither | Qt.AvoidDither
    job.renderedImage().convertToFormat(QImage.Format_Indexed8, flat).save(path, "PNG", 9)
    print(path, flush=True)


def oapif(typename, title):
    layer = QgsVectorLayer(
        f"url='{base}' typename='{typename}' authcfg={config.id()} restrictToRequestBBOX='1'", title, "OAPIF"
    )
    if not layer.isValid():
        raise SystemExit(f"{typename}: the OGC API – Features layer is not valid")
    return layer


parcels = oapif("parcels", "Parcels")
parcels.setRenderer(
    parcels.renderer().__class__(
        QgsFillSymbol.createSimple(
            {"color": "255,214,102,90", "outline_color": "60,60,60,255", "outline_width": "0.35"}
        )
    )
)
label = QgsPalLayerSettings()
label.fieldName = "PRC_NO"
text = QgsTextFormat()
text.setFont(QFont("DejaVu Sans"))
text.setSize(8)
text.setColor(QColor(30, 30, 30))
label.setFormat(text)
parcels.setLabeling(QgsVectorLayerSimpleLabeling(label))
parcels.setLabelsEnabled(True)

buildings = oapif("buildings", "Buildings")
buildings.setRenderer(
    buildings.renderer().__class__(
        QgsFillSymbol.createSimple({"color": "150,150,160,255", "outline_color": "90,90,100,255"})
    )
)
render([buildings, parcels], QgsCoordinateReferenceSystem("EPSG:2056"), "qgis-features-parcels.png")

def tile_layer(tileset, title):
    """A "Vector Tiles" connection with the server's style for the tileset."""
    layer = QgsVectorTileLayer(
        f"type=xyz&url={base}/tiles/{tileset}/{{z}}/{{x}}/{{y}}.pbf&zmin=14&zmax=18"
        f"&styleUrl={base}/styles/{tileset}.json&authcfg={config.id()}",
        title,
    )
    if not layer.isValid():
        raise SystemExit(f"{tileset}: the vector tile layer is not valid")
    message, loaded = layer.loadDefaultStyle()
    if not loaded:
        raise SystemExit(f"{tileset}: the server's style did not load: {message}")
    return layer


render(
    [tile_layer("buildings", "Building tiles"), tile_layer("parcels", "Parcel tiles")],
    QgsCoordinateReferenceSystem("EPSG:3857"),
    "qgis-vector-tiles.png",
)

# Printed before the application exits: QGIS 3.22 may crash while tearing down its providers.
print("done", flush=True)
app.exitQgis()
