// libxml2 pulls in ICU when LIBXML_ICU_ENABLED is defined, and ICU's types
// collide with Foundation's copy; read the version header first and drop it.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlsave.h>
