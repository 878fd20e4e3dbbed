"""Loads Parcel Atlas's two QGIS connections headless, as a user sets them up (docs/use-parcel-atlas-in-qgis.md).

    QT_QPA_PLATFORM=offscreen QGIS_AUTH_DB_DIR_PATH=<dir> /usr/bin/python3 scripts/qgisConnections.py \
        <base …/ogc> <key> <west> <south> <east> <north>

The key goes into QGIS's authentication database as a Basic configuration (any user name, the key as the
password); the "WFS / OGC API – Features" layer (provider OAPIF) reads the parcels of the box, the "Vector
Tiles" layer reads the parcel tiles. Prints one JSON line with what QGIS saw.
"""
import json
import sys

from qgis.PyQt.QtCore import QSize
from qgis.PyQt.QtGui import QColor
from qgis.core import (
    QgsApplication,
    QgsCoordinateTransform,
    QgsMapRendererSequentialJob,
    QgsMapSettings,
    QgsProject,
    QgsAuthMethodConfig,
    QgsCoordinateReferenceSystem,
    QgsFeatureRequest,
    QgsRectangle,
    QgsVectorLayer,
    QgsVectorTileLayer,
)

base, key = sys.argv[1], sys.argv[2]
west, south, east, north = (float(value) for value in sys.argv[3:7])

app = QgsApplication([], False)
app.initQgis()
auth = QgsApplication.authManager()
auth.setMasterPassword("parcel-atlas-qgis-check", True)
config = QgsAuthMethodConfig("Basic")
config.setName("Parcel Atlas")
config.setConfig("username", "qgis")
config.setConfig("password", key)
auth.storeAuthenticationConfig(config)

parcels = QgsVectorLayer(f"url='{base}' typename='parcels' authcfg={config.id()}", "parcels", "OAPIF")
features = []
if parcels.isValid():
    request = QgsFeatureRequest().setFilterRect(QgsRectangle(west, south, east, north))
    features = [feature["PRC_ID"] for feature in parcels.getFeatures(request)]

tiles = QgsVectorTileLayer(
    f"type=xyz&url={base}/tiles/parcels/{{z}}/{{x}}/{{y}}.pbf&zmin=14&zmax=18&authcfg={config.id()}",
    "parcel tiles",
)

# Draw the tiles of the box as QGIS's map canvas would (the tile requests carry the authentication).
settings = QgsMapSettings()
settings.setLayers([tiles])
settings.setDestinationCrs(QgsCoordinateReferenceSystem("EPSG:3857"))
to_mercator = QgsCoordinateTransform(
    QgsCoordinateReferenceSystem("EPSG:4326"), QgsCoordinateReferenceSystem("EPSG:3857"), QgsProject.instance()
)
settings.setExtent(to_mercator.transformBoundingBox(QgsRectangle(west, south, east, north)))
settings.setOutputSize(QSize(256, 256))
settings.setBackgroundColor(QColor(255, 255, 255))
job = QgsMapRendererSequentialJob(settings)
job.start()
job.waitForFinished()
image = job.renderedImage()
drawn = sum(
    1 for x in range(0, 256, 4) for y in range(0, 256, 4) if QColor(image.pixel(x, y)).name() != "#ffffff"
)

# Printed before the application exits: QGIS 3.22 may crash while tearing down its providers.
print(
    json.dumps(
        {
            "features_valid": parcels.isValid(),
            "features_crs": parcels.crs().authid(),
            "fields": [field.name() for field in parcels.fields()],
            "parcel_ids": features,
            "tiles_valid": tiles.isValid(),
            "tiles_crs": tiles.crs().authid(),
            "tiles_zoom": [tiles.sourceMinZoom(), tiles.sourceMaxZoom()],
            "tiles_drawn_pixels": drawn,
        }
    ),
    flush=True,
)
app.exitQgis()
