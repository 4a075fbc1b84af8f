/** Words the generated companies and people are made of. */

/** A comma-separated list, one entry per comma (names may hold spaces and apostrophes). */
const wordList = (text: string): readonly string[] => text.split(',').map((word) => word.trim());

export const FIRST_NAMES = wordList(`
  Maria, Tom, Aisha, James, Olivia, Liam, Emma, Noah, Sofia, Lucas, Mia, Ethan, Amelia, Mateo, Chloe, Daniel,
  Hannah, Leon, Lena, Felix, Clara, Jonas, Ines, Paul, Marta, Hugo, Camille, Louis, Léa, Jules, Zoë, Chen,
  Wei, Mei, Hiroshi, Yuki, Priya, Arjun, Ananya, Rohan, Fatima, Omar, Layla, Yusuf, Amara, Kwame, Nia, Tariq,
  Elif, Emre, Sven, Ingrid, Astrid, Lars, Freya, Mikael, Aoife, Cian, Siobhán, Eoin, José, Lucía, Pablo,
  Carmen, Diego, Valentina, Joaquín, Ana, João, Beatriz, Tiago, Giulia, Marco, Chiara, Luca, Francesca,
  Piotr, Zofia, Jakub, Agnieszka, Sarah, David, Rachel, Michael, Grace, Samuel, Ella, Jack, Ruby, Oscar,
  Isla, Henry, Freddie, Poppy, Arthur, Evie, Kai, Nora, Elias, Maya
`);

export const LAST_NAMES = wordList(`
  Garcia, Becker, Khan, Smith, Johnson, Williams, Brown, Jones, Miller, Davis, Martinez, Lopez, Wilson,
  Anderson, Thomas, Taylor, Moore, Martin, Lee, Thompson, White, Harris, Clark, Lewis, Robinson, Walker,
  Young, Allen, King, Wright, Müller, Schmidt, Schneider, Fischer, Weber, Meyer, Wagner, Schulz, Hoffmann,
  Koch, Dubois, Durand, Lefèvre, Moreau, Laurent, Simon, Michel, Rossi, Russo, Ferrari, Esposito, Bianchi,
  Romano, Colombo, Silva, Santos, Ferreira, Pereira, Oliveira, Costa, Rodrigues, Fernández, González,
  Sánchez, Pérez, Gómez, Díaz, Nowak, Kowalski, Wiśniewski, Wójcik, Jansen, de Vries, van Dijk, Bakker,
  Visser, Andersson, Johansson, Karlsson, Nilsson, Eriksson, O'Brien, Murphy, Kelly, Byrne, Ryan, Walsh,
  Nakamura, Tanaka, Suzuki, Wang, Li, Zhang, Liu, Patel, Sharma, Singh, Gupta, Okafor, Mensah, Yilmaz, Kaya,
  Haddad, Nasser
`);

export const COMPANY_WORDS = wordList(`
  Acme, Northwind, Bluebird, Copperleaf, Driftwood, Evergreen, Foxglove, Granite, Harbor, Ironbark, Juniper,
  Kestrel, Lighthouse, Maple, Nimbus, Oakridge, Pinecone, Quarry, Riverstone, Saffron, Tidewater, Umber,
  Verdant, Willow, Yarrow, Zephyr, Atlas, Beacon, Cobalt, Delta, Ember, Fjord, Glacier, Horizon, Indigo,
  Jasper, Keystone, Lumen, Meridian, Nova, Orchid, Prairie, Quill, Redwood, Summit, Thistle, Upland, Vantage,
  Wren, Alder
`);

export const COMPANY_TRADES = wordList(`
  Bakery, Dental, Design, Logistics, Consulting, Software, Architects, Brewing, Clinic, Studio, Legal,
  Accounting, Construction, Marketing, Robotics, Foods, Travel, Print, Labs, Outfitters
`);

export const COMPANY_SUFFIXES = ['Ltd', 'GmbH', 'Inc.', 'LLC', 'SARL', 'S.L.', 'B.V.', 'AB', 'Co.', ''] as const;

export const JOB_ROLES = wordList(`
  Engineer, Senior Engineer, Designer, Product Manager, Sales, Account Manager, Support, Marketing,
  Accountant, Office Manager, Operations, Recruiter, Data Analyst, QA, Warehouse, Driver, Nurse, Technician,
  Consultant, Team Lead
`);

/** Index 0 stands for no reason: most requests carry none. */
export const LEAVE_REASONS = [
  null,
  'Family visit',
  'Summer holiday',
  'Doctor appointment',
  'Moving house',
  'Wedding',
  'School event',
  'Flu',
  'Dentist',
  'Long weekend',
  'Conference',
  'Child is sick',
] as const;

/** Where companies are: the country drives public holidays, hence the day counts. */
export const COMPANY_LOCATIONS: ReadonlyArray<
  readonly [{ country: string | null; region: string | null; timeZone: string }, number]
> = [
  [{ country: null, region: null, timeZone: 'UTC' }, 30],
  [{ country: 'US', region: null, timeZone: 'America/New_York' }, 12],
  [{ country: 'US', region: 'CA', timeZone: 'America/Los_Angeles' }, 5],
  [{ country: 'GB', region: 'ENG', timeZone: 'Europe/London' }, 10],
  [{ country: 'DE', region: null, timeZone: 'Europe/Berlin' }, 8],
  [{ country: 'DE', region: 'BY', timeZone: 'Europe/Berlin' }, 4],
  [{ country: 'FR', region: null, timeZone: 'Europe/Paris' }, 7],
  [{ country: 'ES', region: 'MD', timeZone: 'Europe/Madrid' }, 5],
  [{ country: 'NL', region: null, timeZone: 'Europe/Amsterdam' }, 5],
  [{ country: 'IE', region: null, timeZone: 'Europe/Dublin' }, 3],
  [{ country: 'CA', region: 'ON', timeZone: 'America/Toronto' }, 4],
  [{ country: 'AU', region: 'NSW', timeZone: 'Australia/Sydney' }, 4],
  [{ country: 'PT', region: null, timeZone: 'Europe/Lisbon' }, 3],
];

export const TEAM_NAMES = wordList(`
  Sales, Support, Engineering, Operations, Finance, Marketing, Warehouse, Customer Success, Product, Design,
  Logistics, Front Office, Field Service, Quality, Research, Procurement, People, Legal, Data, Facilities
`);

/** Why someone worked extra hours (a time credit's reason). */
export const TIME_CREDIT_REASONS = wordList(`
  Weekend release, Stocktake, Trade fair, Covered a late shift, Month-end close, Customer go-live,
  Server migration, Audit preparation, Delivery backlog, Open day
`);

/** Notes of the admins' adjustments the seed records. */
export const ADJUSTMENT_NOTES = {
  bankTopUp: (year: number) => `Agreed overtime hours for ${year}`,
  extraDays: 'Long service days',
} as const;
