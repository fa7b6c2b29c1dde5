/**
 * Invented merchants and addresses for the Spanish, Italian, Dutch, Portuguese, Polish and Nordic
 * locales of locale.ts (see places-en-de-fr.ts).
 */
import type { Places } from './locale.js';

export const PLACES_OTHER: Record<string, Places> = {
  'es-ES': {
    merchants: ['BAR EL RINCON', 'Panaderia Lopez', 'FARMACIA SAN PABLO', 'Cerveceria La Plaza', 'FRUTAS GARCIA', 'Libreria Cervantes', 'RESTAURANTE CASA PEPE'],
    streets: ['C/ Mayor 23', 'AVDA. DE LA CONSTITUCION 8', 'Calle Alcala 145', 'PLAZA ESPAÑA 4', 'C/ San Vicente 61'],
    towns: ['28013 MADRID', '08002 Barcelona', '46001 VALENCIA', '41004 Sevilla', '29005 MALAGA'],
    phone: '9## ### ###',
  },
  'it-IT': {
    merchants: ['BAR CENTRALE', 'Pasticceria Bianchi', 'FARMACIA SAN MARCO', 'TRATTORIA DA MARIO', 'Gelateria Dolce Vita', 'ALIMENTARI ROSSI', 'Tabaccheria Conti'],
    streets: ['VIA GARIBALDI 14', 'Corso Italia 52', 'PIAZZA DEL DUOMO 3', 'Via Roma 118', 'VIALE MAZZINI 7'],
    towns: ['00187 ROMA', '20121 Milano', '50122 FIRENZE', '10121 Torino', '40121 BOLOGNA'],
    phone: '0# ########',
  },
  'nl-NL': {
    merchants: ['Bakkerij de Vries', 'CAFE HET HOEKJE', 'Slagerij Jansen', 'DROGISTERIJ BAKKER', 'Bloemenhuis Visser', 'EETCAFE DE ZWAAN'],
    streets: ['Kalverstraat 92', 'Oudegracht 141', 'MARKT 12', 'Damstraat 5', 'Grote Houtstraat 38'],
    towns: ['1011 AB Amsterdam', '3511 AZ UTRECHT', '2011 RK Haarlem', '3011 HD ROTTERDAM', '5611 EJ Eindhoven'],
    phone: '0## ### ####',
  },
  'nl-BE': {
    merchants: ['FRITUUR DE MARKT', 'Bakkerij Peeters', 'APOTHEEK CENTRUM', 'Taverne Het Anker'],
    streets: ['Meir 78', 'VELDSTRAAT 21', 'Grote Markt 4', 'STEENSTRAAT 15'],
    towns: ['2000 ANTWERPEN', '9000 Gent', '8000 BRUGGE', '3000 Leuven'],
    phone: '0# ### ## ##',
  },
  'pt-PT': {
    merchants: ['PASTELARIA BELEM NOVA', 'Cafe Central', 'FARMACIA ALVES', 'Restaurante O Marinheiro', 'MERCEARIA SOUSA'],
    streets: ['Rua Augusta 112', 'AV. DA LIBERDADE 45', 'Rua de Santa Catarina 210', 'LARGO DO CARMO 3'],
    towns: ['1100-148 Lisboa', '4000-443 PORTO', '3000-150 Coimbra', '8000-138 FARO'],
    phone: '2## ### ###',
  },
  'pl-PL': {
    merchants: ['PIEKARNIA KOWALSKI', 'Kawiarnia Pod Lipami', 'APTEKA CENTRUM', 'Sklep Spożywczy Ania', 'RESTAURACJA STARY DWÓR', 'Kwiaciarnia Róża'],
    streets: ['ul. Piękna 4', 'UL. MARSZAŁKOWSKA 87', 'ul. Długa 15/2', 'AL. JEROZOLIMSKIE 44', 'ul. Floriańska 9'],
    towns: ['00-549 Warszawa', '31-019 KRAKÓW', '80-831 Gdańsk', '50-101 WROCŁAW', '61-772 Poznań'],
    phone: '## ### ## ##',
  },
  'sv-SE': {
    merchants: ['Konditori Solrosen', 'CAFE LINNEA', 'Järnhandel Berg', 'BLOMSTERHANDELN ROS', 'Pizzeria Napoli', 'LIVS HÖRNAN'],
    streets: ['Götgatan 14', 'DROTTNINGGATAN 71', 'Storgatan 3', 'Kungsgatan 22', 'VÄSTRA HAMNGATAN 8'],
    towns: ['118 46 Stockholm', '411 14 GÖTEBORG', '211 22 Malmö', '753 20 UPPSALA', '582 24 Linköping'],
    phone: '08-### ## ##',
  },
  'da-DK': {
    merchants: ['Bageriet Hansen', 'CAFE NØRREPORT', 'Slagter Jensen', 'BLOMSTERHJØRNET', 'Købmand Larsen', 'PIZZERIA ROMA ApS'],
    streets: ['Strøget 34', 'VESTERBROGADE 112', 'Søndergade 9', 'Nørregade 41', 'ÅBOULEVARDEN 18'],
    towns: ['1160 København K', '8000 AARHUS C', '5000 Odense C', '9000 AALBORG'],
    phone: '## ## ## ##',
  },
  'nb-NO': {
    merchants: ['Bakeriet Nordby', 'KAFÉ FJORDEN', 'Jernvare Olsen', 'BLOMSTERBUA', 'Fiskehallen Bryggen', 'KIOSKEN PÅ HJØRNET'],
    streets: ['Karl Johans gate 25', 'TORGALLMENNINGEN 8', 'Storgata 51', 'Dronningens gate 12'],
    towns: ['0154 Oslo', '5015 BERGEN', '7011 Trondheim', '4006 STAVANGER', '9008 Tromsø'],
    phone: '## ## ## ##',
  },
  'fi-FI': {
    merchants: ['Leipomo Virtanen', 'KAHVILA AURINKO', 'Kukkakauppa Ruusu', 'APTEEKKI KESKUSTA', 'Ravintola Kalliola', 'RAUTA-NIEMINEN OY'],
    streets: ['Aleksanterinkatu 15', 'HÄMEENKATU 22', 'Kauppakatu 4', 'Mannerheimintie 10', 'YLIOPISTONKATU 31'],
    towns: ['00100 Helsinki', '33100 TAMPERE', '20100 Turku', '90100 OULU', '40100 Jyväskylä'],
    phone: '0## ### ####',
  },
};
