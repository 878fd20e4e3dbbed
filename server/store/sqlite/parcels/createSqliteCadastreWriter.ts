import type { Database } from 'better-sqlite3';
import type { CadastreWriter } from '../../contract/parcels/CadastreWriter';
import { FACTS_COLUMNS, factsAtPoint, type FactsRow } from '../../contract/parcels/cadastreWriting';
import { ftsAddress } from '../../contract/parcels/parcelInsert';
import { prepareParcelInsert } from './prepareParcelInsert';
import { saveFilterColumns, scanFilterColumns } from './sqliteFilterColumns';
import { prepareMarkChanged } from './sqliteImportMeta';

export function createSqliteCadastreWriter(db: Database): CadastreWriter {
  const factsCandidates = db.prepare(`SELECT ${FACTS_COLUMNS}
    FROM parcels_rtree r JOIN parcels p ON p.id = r.id
    WHERE r.min_x <= ? AND r.max_x >= ? AND r.min_y <= ? AND r.max_y >= ?`);
  const egridMunicipality = db.prepare('SELECT mun_bfs FROM parcels WHERE prc_id = ?').pluck();
  const municipalityZip = db.prepare('SELECT zip FROM municipalities WHERE bfs = ?').pluck();
  const oldParcels = db.prepare(`SELECT p.id, p.street, p.house_no, p.prc_no, p.prc_id, m.name AS locname
    FROM parcels p JOIN municipalities m ON m.bfs = p.mun_bfs WHERE p.mun_bfs = ?`);
  const deleteText = db.prepare(
    "INSERT INTO parcels_fts (parcels_fts, rowid, address, street, locname, prc_no, prc_id) VALUES ('delete', ?, ?, ?, ?, ?, ?)",
  );
  const oldBuildings = db.prepare('SELECT id FROM buildings WHERE parcel_id = ?').pluck();
  const deleteBuilding = db.prepare('DELETE FROM buildings WHERE id = ?');
  const deleteBuildingBox = db.prepare('DELETE FROM buildings_rtree WHERE id = ?');
  const deleteParcel = db.prepare('DELETE FROM parcels WHERE id = ?');
  const deleteParcelBox = db.prepare('DELETE FROM parcels_rtree WHERE id = ?');
  const deleteStreets = db.prepare('DELETE FROM streets WHERE mun_bfs = ?');
  const insertStreet = db.prepare('INSERT INTO streets (name, canton, mun_bfs, locname) VALUES (?, ?, ?, ?)');
  const upsertMunicipality = db.prepare(`INSERT OR REPLACE INTO municipalities
    (bfs, name, canton, zip, lon, lat, parcel_count, origin) VALUES (?, ?, ?, ?, ?, ?, ?, 'official')`);
  const insertParcel = prepareParcelInsert(db);
  const markChanged = prepareMarkChanged(db);

  return {
    factsAt(x, y) {
      return factsAtPoint(factsCandidates.all(x, x, y, y) as FactsRow[], x, y);
    },
    egridsElsewhere(egrids, replaced) {
      return egrids.filter((egrid) => {
        const bfs = egridMunicipality.get(egrid) as number | undefined;
        return bfs !== undefined && !replaced.has(bfs);
      });
    },
    municipalityZip(bfs) {
      return (municipalityZip.get(bfs) as string | undefined) ?? null;
    },
    replaceMunicipality(m, record) {
      db.transaction(() => {
        const old = oldParcels.all(m.bfs) as {
          id: number;
          street: string | null;
          house_no: string | null;
          prc_no: string;
          prc_id: string;
          locname: string;
        }[];
        for (const p of old) {
          // A contentless FTS5 row is deleted by giving back exactly the values it was indexed with.
          deleteText.run(
            p.id,
            ftsAddress(p.street, p.house_no),
            p.street ?? '',
            p.locname,
            p.prc_no,
            p.prc_id,
          );
          for (const buildingId of oldBuildings.all(p.id) as number[]) {
            deleteBuilding.run(buildingId);
            deleteBuildingBox.run(buildingId);
          }
          deleteParcel.run(p.id);
          deleteParcelBox.run(p.id);
        }
        deleteStreets.run(m.bfs);
        upsertMunicipality.run(
          m.bfs,
          m.name,
          m.cantonCode,
          m.zip,
          m.centre[0],
          m.centre[1],
          m.parcels.length,
        );
        for (const street of m.streets) insertStreet.run(street, m.cantonCode, m.bfs, m.name);
        m.parcels.forEach((parcel, i) =>
          insertParcel({
            canton: m.cantonCode,
            bfs: m.bfs,
            locname: m.name,
            parcel,
            parts: parcel.parts,
            surveyParts: parcel.surveyParts,
            objCount: 0,
            floorArea: 0,
            themes: m.themes[i],
            origin: 'official',
          }),
        );
        // The saved search columns no longer match the rows: drop them (a reader scans until finish saves
        // new ones), and change the build id in the same transaction.
        db.exec('DELETE FROM parcel_filter_columns');
        markChanged(record);
      })();
    },
    finish(record) {
      saveFilterColumns(db, scanFilterColumns(db));
      db.transaction(() => markChanged(record))();
    },
  };
}
