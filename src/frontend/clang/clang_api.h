/* libclang's C API, loaded when the first kernel source is read (clang_api_load), not when
 * accelsync starts: a program linked with it pays for relocating libLLVM at every start
 * (about 20 ms), PIR-only runs included, and scripts start accelsync thousands of times.
 * Every libclang function the frontend calls is listed below; after this header a call
 * clang_f(...) goes through the pointer as_clang_f that clang_api_load sets. A function
 * used but not listed is a link error, so the list cannot fall behind. */
#ifndef AS_FRONTEND_CLANG_API_H
#define AS_FRONTEND_CLANG_API_H

#include <clang-c/Index.h>
#include <stdbool.h>

/* Loads libclang once per process (thread-safe); false, with *why set, when it cannot. */
bool clang_api_load(const char **why);

#define AS_CLANG_FUNCTIONS(X) \
    X(clang_CXXMethod_isDefaulted) \
    X(clang_CXXMethod_isStatic) \
    X(clang_Cursor_Evaluate) \
    X(clang_Cursor_getArgument) \
    X(clang_Location_isInSystemHeader) \
    X(clang_Cursor_getNumArguments) \
    X(clang_Cursor_getNumTemplateArguments) \
    X(clang_Cursor_getTemplateArgumentKind) \
    X(clang_Cursor_getTemplateArgumentType) \
    X(clang_Cursor_getTemplateArgumentValue) \
    X(clang_Cursor_isMacroFunctionLike) \
    X(clang_Cursor_isNull) \
    X(clang_EvalResult_dispose) \
    X(clang_EvalResult_getAsLongLong) \
    X(clang_EvalResult_getAsUnsigned) \
    X(clang_EvalResult_getKind) \
    X(clang_EvalResult_isUnsignedInt) \
    X(clang_File_isEqual) \
    X(clang_Location_isFromMainFile) \
    X(clang_Type_getNumTemplateArguments) \
    X(clang_Type_getSizeOf) \
    X(clang_Type_getTemplateArgumentAsType) \
    X(clang_Type_visitFields) \
    X(clang_createIndex) \
    X(clang_disposeDiagnostic) \
    X(clang_disposeIndex) \
    X(clang_disposeString) \
    X(clang_disposeTokens) \
    X(clang_disposeTranslationUnit) \
    X(clang_equalCursors) \
    X(clang_equalTypes) \
    X(clang_getArrayElementType) \
    X(clang_getArraySize) \
    X(clang_getOverloadedDecl) \
    X(clang_getNumOverloadedDecls) \
    X(clang_getTypedefDeclUnderlyingType) \
    X(clang_getCString) \
    X(clang_getCanonicalType) \
    X(clang_getCursorResultType) \
    X(clang_getCursorDefinition) \
    X(clang_getCursorExtent) \
    X(clang_getCursorKind) \
    X(clang_getCursorKindSpelling) \
    X(clang_getCursorLocation) \
    X(clang_getCursorReferenced) \
    X(clang_getCursorSemanticParent) \
    X(clang_getCursorSpelling) \
    X(clang_getCursorType) \
    X(clang_getDiagnostic) \
    X(clang_getDiagnosticLocation) \
    X(clang_getDiagnosticSeverity) \
    X(clang_getDiagnosticSpelling) \
    X(clang_getEnumConstantDeclValue) \
    X(clang_getExpansionLocation) \
    X(clang_getFileContents) \
    X(clang_getFileName) \
    X(clang_getInclusions) \
    X(clang_getLocation) \
    X(clang_getLocationForOffset) \
    X(clang_getNullCursor) \
    X(clang_getNumDiagnostics) \
    X(clang_getPointeeType) \
    X(clang_getAddressSpace) \
    X(clang_Cursor_getTranslationUnit) \
    X(clang_Cursor_getOffsetOfField) \
    X(clang_Cursor_isAnonymousRecordDecl) \
    X(clang_getRange) \
    X(clang_getRangeEnd) \
    X(clang_getRangeStart) \
    X(clang_getSpecializedCursorTemplate) \
    X(clang_getSpellingLocation) \
    X(clang_getTokenKind) \
    X(clang_getTokenLocation) \
    X(clang_getTokenSpelling) \
    X(clang_getTranslationUnitCursor) \
    X(clang_getTypeDeclaration) \
    X(clang_getTypeSpelling) \
    X(clang_isConstQualifiedType) \
    X(clang_isCursorDefinition) \
    X(clang_isExpression) \
    X(clang_isStatement) \
    X(clang_parseTranslationUnit2) \
    X(clang_tokenize) \
    X(clang_visitChildren)

#define AS_CLANG_POINTER(f) extern __typeof__(f) *as_##f;
AS_CLANG_FUNCTIONS(AS_CLANG_POINTER)
#undef AS_CLANG_POINTER

#define clang_CXXMethod_isDefaulted (*as_clang_CXXMethod_isDefaulted)
#define clang_CXXMethod_isStatic (*as_clang_CXXMethod_isStatic)
#define clang_Cursor_Evaluate (*as_clang_Cursor_Evaluate)
#define clang_Cursor_getArgument (*as_clang_Cursor_getArgument)
#define clang_Location_isInSystemHeader (*as_clang_Location_isInSystemHeader)
#define clang_Cursor_getNumArguments (*as_clang_Cursor_getNumArguments)
#define clang_Cursor_getNumTemplateArguments (*as_clang_Cursor_getNumTemplateArguments)
#define clang_Cursor_getTemplateArgumentKind (*as_clang_Cursor_getTemplateArgumentKind)
#define clang_Cursor_getTemplateArgumentType (*as_clang_Cursor_getTemplateArgumentType)
#define clang_Cursor_getTemplateArgumentValue (*as_clang_Cursor_getTemplateArgumentValue)
#define clang_Cursor_isMacroFunctionLike (*as_clang_Cursor_isMacroFunctionLike)
#define clang_Cursor_isNull (*as_clang_Cursor_isNull)
#define clang_EvalResult_dispose (*as_clang_EvalResult_dispose)
#define clang_EvalResult_getAsLongLong (*as_clang_EvalResult_getAsLongLong)
#define clang_EvalResult_getAsUnsigned (*as_clang_EvalResult_getAsUnsigned)
#define clang_EvalResult_getKind (*as_clang_EvalResult_getKind)
#define clang_EvalResult_isUnsignedInt (*as_clang_EvalResult_isUnsignedInt)
#define clang_File_isEqual (*as_clang_File_isEqual)
#define clang_Location_isFromMainFile (*as_clang_Location_isFromMainFile)
#define clang_Type_getNumTemplateArguments (*as_clang_Type_getNumTemplateArguments)
#define clang_Type_getSizeOf (*as_clang_Type_getSizeOf)
#define clang_Type_getTemplateArgumentAsType (*as_clang_Type_getTemplateArgumentAsType)
#define clang_Type_visitFields (*as_clang_Type_visitFields)
#define clang_createIndex (*as_clang_createIndex)
#define clang_disposeDiagnostic (*as_clang_disposeDiagnostic)
#define clang_disposeIndex (*as_clang_disposeIndex)
#define clang_disposeString (*as_clang_disposeString)
#define clang_disposeTokens (*as_clang_disposeTokens)
#define clang_disposeTranslationUnit (*as_clang_disposeTranslationUnit)
#define clang_equalCursors (*as_clang_equalCursors)
#define clang_equalTypes (*as_clang_equalTypes)
#define clang_getCursorResultType (*as_clang_getCursorResultType)
#define clang_getArrayElementType (*as_clang_getArrayElementType)
#define clang_getArraySize (*as_clang_getArraySize)
#define clang_getOverloadedDecl (*as_clang_getOverloadedDecl)
#define clang_getNumOverloadedDecls (*as_clang_getNumOverloadedDecls)
#define clang_getTypedefDeclUnderlyingType (*as_clang_getTypedefDeclUnderlyingType)
#define clang_getCString (*as_clang_getCString)
#define clang_getCanonicalType (*as_clang_getCanonicalType)
#define clang_getCursorDefinition (*as_clang_getCursorDefinition)
#define clang_getCursorExtent (*as_clang_getCursorExtent)
#define clang_getCursorKind (*as_clang_getCursorKind)
#define clang_getCursorKindSpelling (*as_clang_getCursorKindSpelling)
#define clang_getCursorLocation (*as_clang_getCursorLocation)
#define clang_getCursorReferenced (*as_clang_getCursorReferenced)
#define clang_getCursorSemanticParent (*as_clang_getCursorSemanticParent)
#define clang_getCursorSpelling (*as_clang_getCursorSpelling)
#define clang_getCursorType (*as_clang_getCursorType)
#define clang_getDiagnostic (*as_clang_getDiagnostic)
#define clang_getDiagnosticLocation (*as_clang_getDiagnosticLocation)
#define clang_getDiagnosticSeverity (*as_clang_getDiagnosticSeverity)
#define clang_getDiagnosticSpelling (*as_clang_getDiagnosticSpelling)
#define clang_getEnumConstantDeclValue (*as_clang_getEnumConstantDeclValue)
#define clang_getExpansionLocation (*as_clang_getExpansionLocation)
#define clang_getFileContents (*as_clang_getFileContents)
#define clang_getFileName (*as_clang_getFileName)
#define clang_getInclusions (*as_clang_getInclusions)
#define clang_getLocation (*as_clang_getLocation)
#define clang_getLocationForOffset (*as_clang_getLocationForOffset)
#define clang_getNullCursor (*as_clang_getNullCursor)
#define clang_getNumDiagnostics (*as_clang_getNumDiagnostics)
#define clang_getPointeeType (*as_clang_getPointeeType)
#define clang_getAddressSpace (*as_clang_getAddressSpace)
#define clang_Cursor_getTranslationUnit (*as_clang_Cursor_getTranslationUnit)
#define clang_Cursor_getOffsetOfField (*as_clang_Cursor_getOffsetOfField)
#define clang_Cursor_isAnonymousRecordDecl (*as_clang_Cursor_isAnonymousRecordDecl)
#define clang_getRange (*as_clang_getRange)
#define clang_getRangeEnd (*as_clang_getRangeEnd)
#define clang_getRangeStart (*as_clang_getRangeStart)
#define clang_getSpecializedCursorTemplate (*as_clang_getSpecializedCursorTemplate)
#define clang_getSpellingLocation (*as_clang_getSpellingLocation)
#define clang_getTokenKind (*as_clang_getTokenKind)
#define clang_getTokenLocation (*as_clang_getTokenLocation)
#define clang_getTokenSpelling (*as_clang_getTokenSpelling)
#define clang_getTranslationUnitCursor (*as_clang_getTranslationUnitCursor)
#define clang_getTypeDeclaration (*as_clang_getTypeDeclaration)
#define clang_getTypeSpelling (*as_clang_getTypeSpelling)
#define clang_isConstQualifiedType (*as_clang_isConstQualifiedType)
#define clang_isCursorDefinition (*as_clang_isCursorDefinition)
#define clang_isExpression (*as_clang_isExpression)
#define clang_isStatement (*as_clang_isStatement)
#define clang_parseTranslationUnit2 (*as_clang_parseTranslationUnit2)
#define clang_tokenize (*as_clang_tokenize)
#define clang_visitChildren (*as_clang_visitChildren)

#endif
