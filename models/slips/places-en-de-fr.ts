/**
 * Invented merchants and addresses for the English-, German- and French-speaking locales of
 * locale.ts. Plausible for the country (street words, postcode formats, town names) but made up;
 * none is copied from a real slip.
 */
import type { Places } from './locale.js';

export const PLACES_EN_DE_FR: Record<string, Places> = {
  'en-GB': {
    merchants: ['THE RED LION', 'Hartley & Sons Butchers', 'CORNER CAFE', 'Primrose Florist', 'ALDERTON PHARMACY', 'The Book Nook', 'Bramble Kitchen', 'KINGS CROSS NEWS', 'Marlow Garden Centre'],
    streets: ['14 HIGH STREET', '3 Market Place', '221 Camden Road', '7 Church Lane', 'Unit 4, Riverside Park', '58 Victoria Street'],
    towns: ['BATH BA1 1LN', 'London N1 9AG', 'YORK YO1 7HB', 'Leeds LS2 8JS', 'BRISTOL BS1 4DJ', 'Oxford OX1 3BQ'],
    phone: '01### ######',
  },
  'en-US': {
    merchants: ['BLUE DOOR DINER', 'Maple Street Coffee', 'SUNSET LIQUORS', 'Harbor Hardware', 'GREENLEAF MARKET', 'Pine Ridge Gas', 'LUCKY NOODLE HOUSE', 'Oak & Ivy Boutique'],
    streets: ['1420 MAIN ST', '88 W 3rd Ave', '2215 Lincoln Blvd', '507 ELM ST STE 2', '12 Harbor Dr'],
    towns: ['SPRINGFIELD, IL 62704', 'Portland, OR 97205', 'AUSTIN, TX 78701', 'Columbus, OH 43215', 'DENVER, CO 80202'],
    phone: '(###) ###-####',
  },
  'en-IE': {
    merchants: ["O'NEILL'S BAR", 'Liffey Bakery', 'GALWAY BAY STORES', 'Kavanagh Pharmacy', 'The Daily Grind'],
    streets: ['12 Grafton Street', '4 Shop Street', '31 MAIN STREET', 'Unit 7, Quay Road'],
    towns: ['Dublin 2', 'GALWAY H91 X2Y3', 'Cork T12 K8AF', 'KILKENNY'],
    phone: '01 ### ####',
  },
  'en-AU': {
    merchants: ['BONDI BEACH CAFE', 'Wattle Tree Bakery', 'SOUTHERN CROSS PHARMACY', 'Gumnut Grocer', 'HARBOURSIDE FISH & CHIPS'],
    streets: ['45 George St', '120 CHAPEL ST', 'Shop 3, 18 King St', '9 Beach Rd'],
    towns: ['SYDNEY NSW 2000', 'Melbourne VIC 3000', 'BRISBANE QLD 4000', 'Perth WA 6000'],
    phone: '(02) #### ####',
  },
  'en-CA': {
    merchants: ['MAPLE LEAF DELI', 'Northern Lights Outfitters', 'TIM & SONS HARDWARE', 'Lakeshore Bistro', 'CEDAR GROCERY'],
    streets: ['250 Queen St W', '1180 RUE ST-CATHERINE', '77 Granville St', '402 KING ST E'],
    towns: ['TORONTO ON M5V 2A8', 'Vancouver BC V6C 1T2', 'CALGARY AB T2P 1J9', 'Ottawa ON K1P 5G4'],
    phone: '(###) ###-####',
  },
  'de-DE': {
    merchants: ['Bäckerei Lindner', 'Café am Markt', 'Metzgerei Huber', 'Buchhandlung Seidel', 'Apotheke am Ring', 'Getränke Hoffmann', 'Blumen Wagner', 'Eiscafé Venezia', 'Gasthaus Zum Hirschen', 'Schuhhaus Krämer'],
    streets: ['Hauptstraße 12', 'Bahnhofstr. 3', 'Marktplatz 7', 'Lindenallee 44', 'Schillerstraße 19a', 'Am Anger 2', 'Königstr. 58'],
    towns: ['80331 München', '50667 Köln', '20095 Hamburg', '70173 Stuttgart', '04109 Leipzig', '90403 Nürnberg', '28195 Bremen'],
    phone: '0### #######',
  },
  'de-AT': {
    merchants: ['Konditorei Aigner', 'Gasthof Alpenrose', 'Trafik Gruber', 'Apotheke zum Löwen', 'Café Mozartplatz'],
    streets: ['Mariahilfer Straße 88', 'Getreidegasse 21', 'Herrengasse 5', 'Landstraße 14'],
    towns: ['1060 Wien', '5020 Salzburg', '8010 Graz', '4020 Linz', '6020 Innsbruck'],
    phone: '0### ######',
  },
  'de-CH': {
    merchants: ['Confiserie Brunner', 'Restaurant Sonne', 'Papeterie Keller', 'Drogerie Meier', 'Velo Huber AG'],
    streets: ['Bahnhofstrasse 31', 'Marktgasse 9', 'Seestrasse 120', 'Spitalgasse 4'],
    towns: ['8001 Zürich', '3011 Bern', '4051 Basel', '6004 Luzern', '9000 St. Gallen'],
    phone: '0## ### ## ##',
  },
  'fr-FR': {
    merchants: ['BOULANGERIE MARTIN', 'CAFE DU COMMERCE', 'PHARMACIE DES HALLES', 'LA CAVE A VINS', 'BRASSERIE DU PORT', 'Librairie Colette', 'FROMAGERIE DUPONT', 'LE PETIT BISTROT', 'TABAC DE LA GARE'],
    streets: ['12 RUE DES LILAS', '3 PLACE DE LA MAIRIE', '45 AV JEAN JAURES', '8 bd Victor Hugo', '27 RUE NATIONALE', '1 QUAI DES BATELIERS'],
    towns: ['69002 LYON', '75011 PARIS', '13001 MARSEILLE', '33000 Bordeaux', '31000 TOULOUSE', '67000 STRASBOURG', '44000 NANTES'],
    phone: '0# ## ## ## ##',
  },
  'fr-BE': {
    merchants: ['FRITERIE DE LA PLACE', 'Boulangerie Dubois', 'PHARMACIE DU CENTRE', 'Chocolaterie Lambert'],
    streets: ['Rue Neuve 54', 'PLACE SAINT-LAMBERT 9', "Chaussée d'Ixelles 112", 'RUE DU MARCHE 3'],
    towns: ['1000 BRUXELLES', '4000 Liège', '5000 NAMUR', '6000 Charleroi'],
    phone: '0# ### ## ##',
  },
  'fr-CH': {
    merchants: ['BOULANGERIE DU LAC', 'Café de la Gare', 'PHARMACIE DU RHONE', 'Fromagerie Perret'],
    streets: ['Rue du Rhône 42', 'AV DE LA GARE 15', 'Place du Molard 3', 'RUE DE BOURG 8'],
    towns: ['1204 Genève', '1003 LAUSANNE', '2000 Neuchâtel', '1950 SION'],
    phone: '0## ### ## ##',
  },
};
