#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU; its <unicode/ucnv.h> clashes with Foundation's
// own ICU module. prefs only ever hands libxml2 UTF-8 and uses its encoding
// handlers through pointers, so the ICU-specific fields are never touched.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
