// Where the headers are: pkg-config's libxml-2.0 puts <prefix>/include/libxml2 on the
// search path (Linux distributions, Homebrew's keg-only libxml2, found through the
// brew provider), so <libxml/...> resolves. Apple's SDK has no pkg-config file; its
// headers are under usr/include/libxml2, reached from the SDK's usr/include.
#if __has_include(<libxml/xmlversion.h>)
#include <libxml/xmlversion.h>
#else
#include <libxml2/libxml/xmlversion.h>
#endif
// Debian builds libxml2 with ICU; its <unicode/ucnv.h> clashes with Foundation's
// own ICU module. prefs only ever hands libxml2 UTF-8 and uses its encoding
// handlers through pointers, so the ICU-specific fields are never touched.
#undef LIBXML_ICU_ENABLED
#if __has_include(<libxml/parser.h>)
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#else
#include <libxml2/libxml/parser.h>
#include <libxml2/libxml/parserInternals.h>
#include <libxml2/libxml/xmlerror.h>
#endif

// The byte offset the parser has reached in its document, read in C: Swift
// would copy the whole context struct (some 700 bytes) to reach one field,
// and the plist reader asks at every element.
static inline long prefs_xmlParserOffset(const xmlParserCtxt *context) {
  const xmlParserInput *input = context->input;
  if (input == NULL || input->cur == NULL || input->base == NULL) return 0;
  return (long)input->consumed + (long)(input->cur - input->base);
}
