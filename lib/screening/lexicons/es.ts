import { type Lexicon, under18Or, fromData } from "./types";
import data from "./data/es.json";

/**
 * Spanish. Accents are folded away before matching ("bebé" reads as "bebe", which is also
 * "drinks"), so words that collide once unaccented are only listed inside phrases.
 * "chico/chica", "muchacho/a" and "hijo/a" are routinely said of adults and are left out, as
 * "girl" is in English; "niño/niña" always mean a child, except in the weather phrases below.
 */

const AGES = under18Or("un|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieciséis|diecisiete");
const ANIMALS = "foca|focas|elefante|elefantes|jirafa|jirafas|panda|pandas|tigre|tigres|león|leones|oso|osos|delfín|delfines|ballena|ballenas|koala|koalas|mono|monos|pingüino|pingüinos|tortuga|tortugas|nutria|nutrias|búho|canguro|canguros|hipopótamo|rinoceronte|zorro|zorros|cebra|cebras|camello|llama|llamas|alpaca|alpacas|cabra|cabras|gorila|gorilas|perro|perros|gato|gatos|caballo|caballos|dinosaurio|dragón";

export const LEXICON: Lexicon = fromData(data, {
  minors1: `(chica|chicas|chico|chicos|muchacha|muchachas|muchacho|muchachos|joven|jóvenes|hija|hijas|hijo|hijos|hermana|hermanas|hermano|hermanos|sobrina|sobrino|nieta|nieto|estudiante|estudiantes|alumna|alumnas|alumno|alumnos|persona|personas|modelo|modelos|actriz|actor|gemelos|gemelas|mellizos|chavala|chaval|una|unas|unos|mujer|hombre|novia|novio|bailarina|gimnasta|jugadora|jugador|futbolista|patinadora|cantante) de (${AGES}) (años|añitos|meses)`,
  minors2: `(${AGES}) (añitos|añitas)`,
  minors3: `de (${AGES}) años de edad`,
  minors4: `(tiene|tenía|tenga|cumple|cumplió|cumpliendo) (${AGES}) (años|añitos)`,
  minors5: `a los (${AGES}) años`,
  exceptions1: `(bebé|bebés) (${ANIMALS})`,
  exceptions2: `(${ANIMALS}) (bebé|bebés)`,
});
