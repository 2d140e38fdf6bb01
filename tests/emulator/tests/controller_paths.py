"""The fabric controller's paths below the platform's gateway, as the emulator's tests address them."""

API = "/appcenter/cisco/ndfc/api"
LAN = API + "/v1/lan-fabric/rest"
FABRICS = LAN + "/control/fabrics"
TOP_DOWN = LAN + "/top-down/fabrics"
